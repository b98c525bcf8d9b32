import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

/**
 * Pieces the three booking steps share: the step indicator and the summary
 * list. UI only; their looks are named classes in tailwind.css (.steps,
 * .summary-list, .notice), so the class lists stay out of the JavaScript.
 */

const STEPS = ["psychologist", "schedule", "payment"] as const;

export function BookingSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation("booking");
  return (
    <ol aria-label={t("steps.label")} className="steps">
      {STEPS.map((step, index) => (
        <li key={step} aria-current={index + 1 === current ? "step" : undefined} data-done={index + 1 < current || undefined}>
          <b aria-hidden="true">{index + 1}</b>
          {t(`steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}

export function SummaryList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="summary-list">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A message box: role=alert for errors so it is read out, status otherwise. */
export function Notice({ tone, children }: { tone: "error" | "info" | "success"; children: ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} data-tone={tone} className="notice">
      {children}
    </div>
  );
}
