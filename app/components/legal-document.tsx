import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

/**
 * The section list of a legal page, in order. Each block is a paragraph key
 * (`sections.<id>.p1`) or a number n: a list of the items `sections.<id>.l1` … `ln`.
 */
export type LegalSections = ReadonlyArray<readonly [id: string, blocks: ReadonlyArray<string | number>]>;

/** A link shown at the end of a section, its label a key of the namespace. */
export type LegalLinks = Record<string, { to: string; label: string }>;

/** Terms of use and privacy policy: title, date, table of contents and numbered sections from one namespace. */
export function LegalDocument({ namespace, sections, links = {} }: { namespace: string; sections: LegalSections; links?: LegalLinks }) {
  const { t } = useTranslation(namespace);
  return (
    <article className="container-page max-w-3xl py-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t("updated")}</p>
        <p className="mt-4 leading-relaxed text-slate-700 dark:text-slate-300">{t("intro")}</p>
      </header>

      <nav aria-labelledby="toc" className="card mt-8">
        <h2 id="toc" className="font-semibold">
          {t("toc")}
        </h2>
        <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
          {sections.map(([id], index) => (
            <li key={id}>
              <a href={`#${id}`} className="text-teal-700 hover:underline dark:text-teal-400">
                {index + 1}. {t(`sections.${id}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map(([id, blocks], index) => (
        <section key={id} aria-labelledby={id} className="mt-10">
          <h2 id={id} className="scroll-mt-24 text-xl font-bold">
            {index + 1}. {t(`sections.${id}.title`)}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700 dark:text-slate-300">
            {blocks.map((block) =>
              typeof block === "number" ? (
                <ul key="list" className="list-disc space-y-1 ps-6">
                  {Array.from({ length: block }, (_, item) => (
                    <li key={item}>{t(`sections.${id}.l${item + 1}`)}</li>
                  ))}
                </ul>
              ) : (
                <p key={block}>{t(`sections.${id}.${block}`)}</p>
              ),
            )}
            {links[id] ? (
              <p>
                <Link to={links[id].to} className="font-medium text-teal-700 hover:underline dark:text-teal-400">
                  {t(links[id].label)}
                </Link>
              </p>
            ) : null}
          </div>
        </section>
      ))}
    </article>
  );
}
