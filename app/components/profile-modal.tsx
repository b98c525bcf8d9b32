import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { MAX_LANGUAGES } from "~/domain/catalog";
import { bookingPath } from "~/domain/share";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/utils/format";
import { Avatar, Chips, Price, Rating } from "./psychologist-facts";
import { ShareMenu } from "./share-menu";

/**
 * The profile modal 'Perfil do Psicólogo' (spec, section 2) is the page of a
 * real URL (/psychologists/{id}) rendered over the directory: sent as an open
 * <dialog> covering the screen, so without JavaScript it reads as a page
 * (closing is a link back to the list); with JavaScript it becomes modal
 * (focus kept inside; Escape and the dimmed area close it by going back to
 * the list with its filters).
 */
export function ProfileModal({ closeHref, children }: { closeHref: string; children: ReactNode }) {
  const { t } = useTranslation("profile");
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const close = () => navigate(closeHref, { preventScrollReset: true });

  useEffect(() => {
    const element = dialog.current!;
    element.close();
    element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby="profile-title"
      className="fixed inset-0 z-40 m-0 h-full max-h-none w-full max-w-none overflow-y-auto bg-slate-900/60 p-0 text-inherit sm:p-6"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => event.target === event.currentTarget && close()}
    >
      <div className="card mx-auto min-h-full max-w-2xl sm:min-h-0">
        <div className="mb-4 flex items-center justify-between">
          <p className="font-semibold text-teal-800 dark:text-teal-300">{t("modal.title")}</p>
          <Link to={closeHref} preventScrollReset className="btn-ghost" aria-label={t("modal.close")}>
            ✕
          </Link>
        </div>
        {children}
      </div>
    </dialog>
  );
}

export interface ProfileSummaryData {
  id: string;
  name: string;
  crp: string | null;
  photoUrl: string | null;
  bio: string;
  shortBio: string;
  specialties: string[];
  languages: string[];
  priceCents: number;
  rating: number | null;
  totalReviews: number;
  education: string;
  prices: { 30: number; 60: number };
}

/** A titled block of a profile. */
export function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Photo, name, CRP, rating and price: the top of every profile. */
export function ProfileHead({ profile: p, heading }: { profile: ProfileSummaryData; heading?: boolean }) {
  const Title = heading ? "h1" : "h2";
  return (
    <div className="flex items-center gap-4">
      <Avatar name={p.name} photoUrl={p.photoUrl} large />
      <div>
        <Title id="profile-title" className="text-2xl font-bold">
          {p.name}
        </Title>
        {p.crp ? <p className="muted text-sm">CRP {p.crp}</p> : null}
        <Rating rating={p.rating} reviews={p.totalReviews} ns="profile" />
        <Price cents={p.prices[60]} ns="profile" />
      </div>
    </div>
  );
}

/** What the modal and /psychologist/{id} show. */
export function ProfileSummary({ profile: p, shareUrl, heading }: { profile: ProfileSummaryData; shareUrl: string; heading?: boolean }) {
  const { t, locale } = useTranslation("profile");
  const text = p.bio || p.shortBio;
  return (
    <div className="flex flex-col gap-5">
      <ProfileHead profile={p} heading={heading} />
      {text ? (
        <Block title={t("sections.about")}>
          <p className="muted text-sm">{text}</p>
        </Block>
      ) : null}
      <Block title={t("sections.specialties")}>
        <Chips labels={p.specialties.map((code) => t(`catalog:specialties.${code}`))} max={99} />
      </Block>
      <Block title={t("sections.languages")}>
        <Chips labels={p.languages.map((code) => t(`catalog:languages.${code}`))} max={MAX_LANGUAGES} />
      </Block>
      <Block title={t("sections.durations")}>
        <p className="text-sm">
          {t("duration", { minutes: 60 })}: <b>{formatMoney(p.prices[60], locale)}</b> · {t("duration", { minutes: 30 })}: <b>{formatMoney(p.prices[30], locale)}</b>
        </p>
      </Block>
      {p.education ? (
        <Block title={t("sections.education")}>
          <p className="muted text-sm">{p.education}</p>
        </Block>
      ) : null}
      <ProfileActions id={p.id} shareUrl={shareUrl} full />
    </div>
  );
}

/** 'Agendar Consulta', 'Ver Perfil Completo' (on the short profile) and 'Compartilhar'. */
export function ProfileActions({ id, shareUrl, full }: { id: string; shareUrl: string; full?: boolean }) {
  const { t } = useTranslation("profile");
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={bookingPath(id)} className="btn-primary">
        {t("book")}
      </Link>
      {full ? (
        <Link to={`/psychologist-details/${id}`} className="btn-secondary">
          {t("fullProfile")}
        </Link>
      ) : null}
      <ShareMenu id={id} url={shareUrl} />
    </div>
  );
}
