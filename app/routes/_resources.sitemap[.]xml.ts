import { env } from "~/utils/env.server";

/** Public pages every visitor can reach; psychologists' profiles are added by their own query. */
const STATIC_PATHS = ["/", "/how-it-works", "/psychologists", "/register", "/psychologist-register", "/terms", "/privacy"];

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export async function loader() {
  const { listPublicPsychologistIds } = await import("~/models/directory.server");
  const origin = new URL(env().APP_URL).origin;
  // Every public psychologist: the profile and the full profile.
  const profiles = (await listPublicPsychologistIds()).flatMap((id) => [`/psychologists/${id}`, `/psychologist-details/${id}`]);
  return new Response(sitemapXml(origin, [...STATIC_PATHS, ...profiles]), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
