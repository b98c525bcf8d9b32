import { flashStorage } from "./flash-cookie.server";

/**
 * The new calendar-feed link, carried across the redirect after it is made
 * (post/redirect/get: a reload must not make another one and silently revoke
 * the link just copied). Only its hash is stored, so this cookie is the one
 * place the link lives until the next page shows it: signed, httpOnly, a
 * minute long, removed by the read, and shown only to the user who made it.
 */

type FeedLinkSession = { feedLink: { url: string; userId: string } };
const feedLinkStorage = flashStorage<FeedLinkSession>("__acolhe_feed_link");

/** The Set-Cookie header that carries `url` to the next page of `userId`. */
export async function feedLinkCookie(url: string, userId: string): Promise<string> {
  const session = await feedLinkStorage().getSession();
  session.flash("feedLink", { url, userId });
  return feedLinkStorage().commitSession(session);
}

/**
 * The link waiting for `userId`, if any, and the header that removes its
 * cookie. The cookie goes whoever reads it: someone else signed in on that
 * browser meanwhile never sees it, and nobody sees it twice.
 */
export async function takeFeedLink(request: Request, userId: string): Promise<{ url: string | null; setCookie: string | null }> {
  const session = await feedLinkStorage().getSession(request.headers.get("Cookie"));
  const flashed = session.get("feedLink");
  if (!flashed) return { url: null, setCookie: null };
  return { url: flashed.userId === userId ? flashed.url : null, setCookie: await feedLinkStorage().destroySession(session) };
}
