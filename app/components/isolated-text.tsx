import { Fragment, type ReactNode } from "react";

/** Stands for the user's text while the sentence is translated: a private-use character no translation contains. */
const MARK = "\uE000";

/**
 * A translated sentence with someone's own words in it ('Motivo: {{reason}}'), those words in a <bdi>:
 * a Portuguese reason on an Arabic page keeps its full stop at its end, and an Arabic one does not
 * reorder the sentence around it. `sentence` gets the placeholder's value and returns the translated text.
 */
export function withIsolated(sentence: (value: string) => string, value: string): ReactNode {
  const parts = sentence(MARK).split(MARK);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <bdi>{value}</bdi> : null}
      {part}
    </Fragment>
  ));
}
