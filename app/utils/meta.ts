import type { MetaDescriptor } from "@remix-run/node";

/**
 * Page metadata, the same for every route (spec, section 1): title, description,
 * keywords, canonical, Open Graph and Twitter tags, Organization JSON-LD and
 * the noindex switch.
 */

export const PRODUCT_NAME = "Acolhe";

/** ' | Acolhe' is appended to titles that lack the product name. */
export function pageTitle(title: string | undefined, defaultTitle: string): string {
  if (!title) return defaultTitle;
  return title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`;
}

/** pt-BR → pt_BR, the form Open Graph wants. */
export function ogLocale(locale: string): string {
  const [language = "pt", region] = locale.split("-");
  return region ? `${language}_${region.toUpperCase()}` : language;
}

/** What the root loader gives every page for its metadata. */
export interface SiteMeta {
  origin: string;
  pathname: string;
  locale: string;
  defaultTitle: string;
  defaultDescription: string;
  defaultKeywords: string;
}

export interface PageMeta {
  title?: string;
  description?: string;
  keywords?: string;
  /** Path of the canonical URL; the current path by default. */
  canonicalPath?: string;
  noindex?: boolean;
  image?: string;
  /** Further JSON-LD objects (Person on profiles). */
  jsonLd?: Record<string, unknown>[];
}

export function organizationJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: PRODUCT_NAME,
    url: origin,
    logo: `${origin}/favicon.svg`,
    areaServed: "BR",
  };
}

export function buildMeta(site: SiteMeta | undefined, page: PageMeta = {}): MetaDescriptor[] {
  if (!site) return [{ title: page.title ?? PRODUCT_NAME }];
  const title = pageTitle(page.title, site.defaultTitle);
  const description = page.description ?? site.defaultDescription;
  const url = `${site.origin}${page.canonicalPath ?? site.pathname}`;
  const image = page.image ?? `${site.origin}/og-image.png`;
  return [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: page.keywords ?? site.defaultKeywords },
    { name: "robots", content: page.noindex ? "noindex, nofollow" : "index, follow" },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: ogLocale(site.locale) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { "script:ld+json": organizationJsonLd(site.origin) },
    ...(page.jsonLd ?? []).map((data) => ({ "script:ld+json": data })),
  ];
}

/** For a route's `meta`: the site facts from the root loader plus this page's own. */
export function routeMeta(matches: ReadonlyArray<{ id: string; data?: unknown }>, page?: PageMeta): MetaDescriptor[] {
  const root = matches.find((match) => match.id === "root")?.data as { site?: SiteMeta } | undefined;
  return buildMeta(root?.site, page);
}

/** A psychologist's public profile as schema.org Person (profile pages' JSON-LD). */
export interface PersonFacts {
  name: string;
  /** Absolute URL of the profile. */
  url: string;
  image?: string | null;
  description?: string;
  jobTitle: string;
  /** The CRP registration, e.g. '06/123456'. */
  crp?: string | null;
  /** Consultation languages (ISO 639-1 codes). */
  languages?: string[];
  /** Specialties, as labels. */
  knowsAbout?: string[];
}

export function personJsonLd(origin: string, person: PersonFacts): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: person.name,
    url: person.url,
    ...(person.image ? { image: new URL(person.image, origin).toString() } : {}),
    ...(person.description ? { description: person.description } : {}),
    jobTitle: person.jobTitle,
    ...(person.crp ? { identifier: { "@type": "PropertyValue", propertyID: "CRP", value: person.crp } } : {}),
    ...(person.languages?.length ? { knowsLanguage: person.languages } : {}),
    ...(person.knowsAbout?.length ? { knowsAbout: person.knowsAbout } : {}),
    worksFor: { "@type": "Organization", name: PRODUCT_NAME, url: origin },
  };
}
