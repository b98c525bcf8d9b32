import { env } from "~/utils/env.server";

export function loader() {
  const { APP_URL, appEnv } = env();
  const origin = new URL(APP_URL).origin;
  // Only production is indexed; staging and development hide from crawlers.
  const rules =
    appEnv === "production"
      ? ["User-agent: *", "Allow: /", "Disallow: /patient-dashboard", "Disallow: /psychologist-dashboard", "Disallow: /admin", "Disallow: /schedule/step3", "Disallow: /appointment/", "Disallow: /payment/", "Disallow: /dev/"]
      : ["User-agent: *", "Disallow: /"];
  return new Response([...rules, `Sitemap: ${origin}/sitemap.xml`, ""].join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
