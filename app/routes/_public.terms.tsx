import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { routeMeta } from "~/utils/meta";

const NS = "terms";

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, translations } = await pageTranslations(request, [NS]);
  return { translations, title: t("meta.title"), description: t("meta.description") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  routeMeta(matches, { title: data?.title, description: data?.description });

/**
 * The sections in order. Each block is a paragraph key (`sections.<id>.p1`)
 * or a number n: a list of the items `sections.<id>.l1` … `ln`.
 */
const SECTIONS: ReadonlyArray<readonly [id: string, blocks: ReadonlyArray<string | number>]> = [
  ["about", ["p1", "p2"]],
  ["service", ["p1", "p2", "p3"]],
  ["accounts", ["p1", "p2", "p3"]],
  ["psychologists", ["p1", 6, "p2"]],
  ["bookings", ["p1", "p2", "p3"]],
  ["payments", ["p1", "p2", "p3"]],
  ["cancellations", ["p1", 3, "p2", "p3"]],
  ["rescheduling", ["p1", "p2"]],
  ["video", ["p1", "p2", "p3"]],
  ["evaluations", ["p1", "p2"]],
  ["conduct", ["p1", 5, "p2"]],
  ["liability", ["p1", "p2", "p3"]],
  ["privacy", ["p1"]],
  ["changes", ["p1"]],
  ["law", ["p1"]],
  ["contact", ["p1"]],
];

/** Links shown at the end of a section. */
const LINKS: Record<string, { to: string; label: string }> = {
  privacy: { to: "/privacy", label: "sections.privacy.link" },
};

export default function Terms() {
  const { t } = useTranslation(NS);
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
          {SECTIONS.map(([id], index) => (
            <li key={id}>
              <a href={`#${id}`} className="text-teal-700 hover:underline dark:text-teal-400">
                {index + 1}. {t(`sections.${id}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {SECTIONS.map(([id, blocks], index) => (
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
            {LINKS[id] ? (
              <p>
                <Link to={LINKS[id].to} className="font-medium text-teal-700 hover:underline dark:text-teal-400">
                  {t(LINKS[id].label)}
                </Link>
              </p>
            ) : null}
          </div>
        </section>
      ))}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
