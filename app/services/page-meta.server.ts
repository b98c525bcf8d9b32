import type { MetaDescriptor } from "@remix-run/node";
import { DEFAULT_NAMESPACE } from "~/i18n/config";
import { getFixedT, getLocale } from "~/i18n/i18n.server";
import { env } from "~/utils/env.server";
import { buildMeta, type PageMeta } from "~/utils/meta";

/**
 * The <head> tags of the page at `request` (app/utils/meta.ts), for its
 * loader to return as `meta`: the site's facts (address, language, default
 * texts in that language) and the page's own. Built here rather than in the
 * routes' `meta` functions, so no code composing them ships to the browser.
 */
export async function pageMeta(request: Request, page?: PageMeta): Promise<MetaDescriptor[]> {
  const locale = await getLocale(request);
  const t = getFixedT(locale, DEFAULT_NAMESPACE);
  const site = {
    origin: new URL(env().APP_URL).origin,
    pathname: new URL(request.url).pathname,
    locale,
    defaultTitle: t("meta.defaultTitle"),
    defaultDescription: t("meta.defaultDescription"),
    defaultKeywords: t("meta.defaultKeywords"),
  };
  return buildMeta(site, page);
}
