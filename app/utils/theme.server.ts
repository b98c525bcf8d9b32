import { createCookie } from "@remix-run/node";

export type Theme = "light" | "dark";

export const themeCookie = createCookie("acolhe_theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

/**
 * The visitor's choice, else the system preference the browser tells through
 * the Sec-CH-Prefers-Color-Scheme client hint (we ask for it with Accept-CH),
 * else light.
 */
export async function getTheme(request: Request): Promise<Theme> {
  const chosen = await themeCookie.parse(request.headers.get("Cookie"));
  if (isTheme(chosen)) return chosen;
  const hint = request.headers.get("Sec-CH-Prefers-Color-Scheme");
  return hint === "dark" ? "dark" : "light";
}
