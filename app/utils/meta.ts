import type { MetaDescriptor, MetaFunction } from "@remix-run/node";

/**
 * Page metadata, the same for every route (spec, section 1): title, description,
 * keywords, canonical, Open Graph and Twitter tags, Organization JSON-LD and
 * the noindex switch.
 *
 * Loaders build the tags (pageMeta in app/services/page-meta.server.ts) and
 * return them as `meta`; every route's `meta` export is `loaderMeta`, which
 * only hands them to Remix. So the browser ships none of the code below it
 * but loaderMeta (the rest runs on the server).
 */

/**
 * A route's `meta`: the tags its loader built. Without them (the loader
 * failed, or the route has none) the root's stand in: the site's tags for
 * this address, not to be indexed (see root.tsx).
 */
export const loaderMeta: MetaFunction = ({ data, matches }) => (data as { meta?: MetaDescriptor[] } | undefined)?.meta ?? matches[0]?.meta ?? [];

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

/** The site's facts every page's metadata starts from (see pageMeta). */
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
  /** Absolute URL of the link-preview image and its size in px; the site's image by default. */
  image?: string;
  imageWidth?: number;
  imageHeight?: number;
  /** Further JSON-LD objects (Person on profiles). */
  jsonLd?: Record<string, unknown>[];
}

/** The site's link-preview image (public/og-image.png, scripts/og-image.mjs). */
export const SITE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

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
  const image = page.image ?? `${site.origin}${SITE_IMAGE.path}`;
  const size = page.image ? { width: page.imageWidth, height: page.imageHeight } : SITE_IMAGE;
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
    ...(size.width && size.height
      ? [
          { property: "og:image:width", content: String(size.width) },
          { property: "og:image:height", content: String(size.height) },
        ]
      : []),
    { property: "og:locale", content: ogLocale(site.locale) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { "script:ld+json": organizationJsonLd(site.origin) },
    ...(page.jsonLd ?? []).map((data) => ({ "script:ld+json": data })),
  ];
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
