import { useEffect, useRef, useState } from "react";
import { SHARE_NETWORKS, SHARE_WINDOW, SHARE_WINDOW_FEATURES } from "~/domain/share";
import { useTranslation } from "~/i18n/use-translation";
import { Toaster, type ToastMessage } from "./toaster";

/**
 * 'Compartilhar' (spec, section 2): a <details> popover with three networks
 * and copy link. Each network is a form post to /share/{id}, which records
 * the share and redirects to the network's share page, in a window of its
 * own: a new tab without JavaScript, a 600×400 window opened just before the
 * post with it. Without JavaScript the link is shown to select and copy by
 * hand; with it, copy link writes to the clipboard (recorded by a background
 * post) and reads 'Copiado!' for a second before the popover closes, with
 * the spec's toasts.
 */
export function ShareMenu({ id, url }: { id: string; url: string }) {
  const { t } = useTranslation("profile");
  const action = `/share/${id}`;
  const details = useRef<HTMLDetailsElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState(false);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  useEffect(() => setHydrated(true), []);

  const closeMenu = () => details.current?.removeAttribute("open");

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      const body = new FormData();
      body.set("platform", "copy_link");
      body.set("mode", "record");
      // Tracking failures are only logged (spec, section 8): never in the visitor's way.
      fetch(action, { method: "POST", body, keepalive: true }).catch(() => undefined);
      setCopied(true);
      setToast({ type: "success", title: t("share.toastCopied"), description: t("share.toastCopiedText") });
      setTimeout(() => {
        setCopied(false);
        closeMenu();
      }, 1000);
    } catch {
      setToast({ type: "error", title: t("share.toastError"), description: t("share.toastErrorText") });
    }
  };

  return (
    <>
      <details ref={details} className="relative" data-share-menu>
      <summary className="btn-secondary">{t("share.button")}</summary>
      <form method="post" action={action} target={SHARE_WINDOW} className="menu-panel flex w-64 flex-col p-2" aria-label={t("share.title")}>
        {SHARE_NETWORKS.map((network) => (
          <button
            key={network}
            name="platform"
            value={network}
            className="menu-item"
            onClick={() => {
              // The post then lands in this window (the form's target), not in a new tab.
              window.open("", SHARE_WINDOW, SHARE_WINDOW_FEATURES);
              setTimeout(closeMenu);
            }}
          >
            {t(`share.${network}`)}
          </button>
        ))}
        {hydrated ? (
          <button type="button" className="menu-item" onClick={copy} aria-live="polite">
            {copied ? `✓ ${t("share.copied")}` : t("share.copy")}
          </button>
        ) : (
          <label className="muted p-2 text-xs">
            {t("share.linkLabel")}
            <input readOnly value={url} className="input mt-1" />
          </label>
        )}
      </form>
      </details>
      <Toaster toast={toast} />
    </>
  );
}
