import { useEffect, useState } from "react";
import { SHARE_NETWORKS, SHARE_WINDOW, SHARE_WINDOW_FEATURES } from "~/domain/share";
import { useTranslation } from "~/i18n/use-translation";

/**
 * 'Compartilhar' (spec, section 2): a <details> popover with three networks
 * and copy link. Each network is a form post to /share/{id}, which records
 * the share and redirects to the network's share page, in a window of its
 * own: a new tab without JavaScript, a 600×400 window opened just before the
 * post with it. Without JavaScript the link is shown to select and copy by
 * hand; with it, copy link writes to the clipboard (recorded by a background
 * post) and reads 'Copiado!' for a second before the popover closes, with
 * the spec's toasts.
 *
 * The toast is drawn here with the .toast markup of ./toaster.tsx rather than
 * by importing <Toaster>: the root alone importing it keeps it inside the
 * root's chunk instead of a shared chunk every page would load.
 */
export function ShareMenu({ id, url }: { id: string; url: string }) {
  const { t } = useTranslation("profile");
  const action = `/share/${id}`;
  // null until hydrated: then the copy button replaces the link to copy by hand.
  const [copied, setCopied] = useState<boolean | null>(null);
  // The last copy's toast: whether it worked, and when (a new key per toast restarts its exit animation).
  const [toast, setToast] = useState<{ ok: boolean; at: number } | null>(null);
  useEffect(() => setCopied(false), []);

  return (
    <>
      <details className="share" data-share-menu>
        <summary className="btn-secondary">{t("share.button")}</summary>
        <form
          method="post"
          action={action}
          target={SHARE_WINDOW}
          className="share-panel"
          aria-label={t("share.title")}
          onClick={async (event) => {
            const menu = event.currentTarget.parentElement!;
            const close = () => menu.removeAttribute("open");
            const button = event.target as HTMLButtonElement;
            if (button.name) {
              // A network: the post then lands in this window (the form's target), not in a new tab.
              window.open("", SHARE_WINDOW, SHARE_WINDOW_FEATURES);
              setTimeout(close);
            } else if (button.type === "button") {
              try {
                await navigator.clipboard.writeText(url);
                // Recorded in the background: tracking never gets in the visitor's way (spec, section 8).
                navigator.sendBeacon(action, new URLSearchParams({ platform: "copy_link", mode: "record" }));
                setCopied(true);
                setToast({ ok: true, at: Date.now() });
                setTimeout(() => {
                  setCopied(false);
                  close();
                }, 1000);
              } catch {
                setToast({ ok: false, at: Date.now() });
              }
            }
          }}
        >
          {SHARE_NETWORKS.map((network) => (
            <button key={network} name="platform" value={network} className="menu-item">
              {t(`share.${network}`)}
            </button>
          ))}
          {copied === null ? (
            <label>
              {t("share.linkLabel")}
              <input readOnly value={url} className="input mt-1" />
            </label>
          ) : (
            <button type="button" className="menu-item" aria-live="polite">
              {copied ? `✓ ${t("share.copied")}` : t("share.copy")}
            </button>
          )}
        </form>
      </details>
      {toast ? (
        <div key={toast.at} role={toast.ok ? "status" : "alert"} data-type={toast.ok ? "success" : "error"} className="toast">
          <p>{t(toast.ok ? "share.toastCopied" : "share.toastError")}</p>
          <p>{t(toast.ok ? "share.toastCopiedText" : "share.toastErrorText")}</p>
        </div>
      ) : null}
    </>
  );
}
