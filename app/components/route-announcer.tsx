import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/**
 * A page reached by client-side navigation neither moves focus nor says
 * anything, so a screen reader is left on a link that may be gone. On a new
 * pathname the page's title is read out, and focus moves to the main content
 * unless it is already there (a field the page focuses itself, a dashboard tab
 * link that stays). A change of the query alone (filters, a search being
 * typed, a calendar's month, a list's page) leaves focus where it is.
 *
 * A form sent on the same page can take its own button away ('Aprovar' once
 * approved, a row deleted, a dialog closed): the browser then drops focus to
 * the document, and a keyboard or screen reader user starts again from the
 * top. Once such a submission has settled, focus that was lost goes to the
 * main content instead; focus the page placed (an invalid field) stays.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const shown = useRef(pathname);
  const busy = useRef(false);
  const [title, setTitle] = useState("");
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // <Meta> has set the new title in this same commit.
    setTitle(document.title);
    focusMain();
  }, [pathname]);
  useEffect(() => {
    if (navigation.state !== "idle") {
      busy.current = true;
      return;
    }
    if (!busy.current) return;
    busy.current = false;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) focusMain();
  }, [navigation.state]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-route-announcer>
      {title}
    </p>
  );
}

function focusMain() {
  const main = document.getElementById("main");
  if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
}
