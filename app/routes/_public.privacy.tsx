import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LegalDocument, type LegalLinks, type LegalSections } from "~/components/legal-document";
import { loaderMeta } from "~/utils/meta";

const NS = "privacy";

export async function loader({ request }: LoaderFunctionArgs) {
  // Imported here so the browser bundle carries no stub of the server modules (see root.tsx).
  const [{ pageTranslations }, { pageMeta }] = await Promise.all([import("~/i18n/i18n.server"), import("~/services/page-meta.server")]);
  const { t, translations } = await pageTranslations(request, [NS]);
  return { translations, meta: await pageMeta(request, { title: t("meta.title"), description: t("meta.description") }) };
}

export const meta = loaderMeta;

const SECTIONS: LegalSections = [
  ["controller", ["p1", "p2"]],
  ["data", ["p1", 8]],
  ["sensitive", ["p1", 4, "p2", "p3"]],
  ["bases", ["p1", 6]],
  ["sharing", ["p1", 6, "p2"]],
  ["transfer", ["p1", 2, "p2"]],
  ["retention", ["p1", 4]],
  ["cookies", ["p1", 4, "p2"]],
  ["rights", ["p1", 9, "p2"]],
  ["exercise", ["p1", 4, "p2"]],
  ["security", ["p1", "p2"]],
  ["children", ["p1"]],
  ["changes", ["p1"]],
  ["anpd", ["p1"]],
];

const LINKS: LegalLinks = {
  exercise: { to: "/settings", label: "sections.exercise.link" },
};

export default function Privacy() {
  return <LegalDocument namespace={NS} sections={SECTIONS} links={LINKS} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
