import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/**
 * A page reached by client-side navigation neither moves focus nor says
 * anything, so a screen reader is left on a link that may be gone. On a new
 * pathname the page's title is read out, and focus moves to the main content
 * unless it is already there (a field the page focuses itself, a dashboard tab
 * link that stays). A change of the query alone (filters, a search being
 * typed, a calendar's month, a list's page) leaves focus where it is.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const [title, setTitle] = useState("");
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // <Meta> has set the new title in this same commit.
    setTitle(document.title);
    const main = document.getElementById("main");
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-route-announcer>
      {title}
    </p>
  );
}
