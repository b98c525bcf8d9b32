import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

/**
 * The profile modal 'Perfil do Psicólogo' (spec, section 2) is the page of a
 * real URL (/psychologists/{id}) rendered over the directory: sent as an open
 * <dialog> covering the screen, so without JavaScript it reads as a page
 * (closing is a link back to the list); with JavaScript it becomes modal
 * (focus kept inside; Escape and the dimmed area close it by going back to
 * the list with its filters). Only the modal route uses it, so it ships
 * with that route alone; the profile's content is app/components/psychologist.tsx.
 */
export function ProfileModal({ children }: { children: ReactNode }) {
  const { t } = useTranslation("profile");
  const closeHref = `/psychologists${useLocation().search}`;
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const close = () => navigate(closeHref, { preventScrollReset: true });

  useEffect(() => {
    const element = dialog.current!;
    // Made modal once the page is live. showModal() focuses the close link at the top and scrolls to it:
    // a visitor who had already scrolled down the profile (a slow phone) keeps their place, and their tap its target.
    const { scrollTop } = element;
    element.close();
    element.showModal();
    element.scrollTop = scrollTop;
  }, []);

  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby="profile-title"
      className="modal"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => event.target === event.currentTarget && close()}
    >
      <div className="card">
        <div className="modal-head">
          <p>{t("modal.title")}</p>
          <Link to={closeHref} preventScrollReset className="btn-ghost" aria-label={t("modal.close")}>
            ✕
          </Link>
        </div>
        {children}
      </div>
    </dialog>
  );
}
