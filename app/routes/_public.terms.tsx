import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LegalDocument, type LegalLinks, type LegalSections } from "~/components/legal-document";
import { loaderMeta } from "~/utils/meta";

const NS = "terms";

export async function loader({ request }: LoaderFunctionArgs) {
  // Imported here so the browser bundle carries no stub of the server modules (see root.tsx).
  const [{ pageTranslations }, { pageMeta }] = await Promise.all([import("~/i18n/i18n.server"), import("~/services/page-meta.server")]);
  const { t, translations } = await pageTranslations(request, [NS]);
  return { translations, meta: await pageMeta(request, { title: t("meta.title"), description: t("meta.description") }) };
}

export const meta = loaderMeta;

const SECTIONS: LegalSections = [
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

const LINKS: LegalLinks = {
  privacy: { to: "/privacy", label: "sections.privacy.link" },
};

export default function Terms() {
  return <LegalDocument namespace={NS} sections={SECTIONS} links={LINKS} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
