import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { MAX_LANGUAGES } from "~/domain/catalog";
import { bookingPath } from "~/domain/share";
import { useTranslation } from "~/i18n/use-translation";
import { Avatar, Chips, Durations, Price, Rating } from "./psychologist-card";
import { ShareMenu } from "./share-menu";

/**
 * A psychologist's public profile, as the modal (/psychologists/{id}), the
 * page /psychologist/{id} and the full profile /psychologist-details/{id}
 * show it. Texts arrive ready from the loader
 * (app/services/public-profile.server.ts); specialties and languages are
 * labelled through the `catalog` namespace.
 */

/** What the profile pages get from their loader (app/services/public-profile.server.ts): texts ready to show. */
export interface ProfileSummaryData {
  id: string;
  name: string;
  crp: string | null;
  photoUrl: string | null;
  initials: string;
  bio: string;
  shortBio: string;
  /** Codes, labelled through the `catalog` namespace. */
  specialties: string[];
  languages: string[];
  education: string;
  /** '4,8' or null; '12 avaliações' or 'Sem avaliações ainda'. */
  ratingText: string | null;
  reviewsText: string;
  /** The 60-minute price, formatted. */
  priceText: string;
  /** ['60 min', 'R$ 180,00'], ['30 min', 'R$ 135,00']. */
  durations: Array<[string, string]>;
}

/** A titled block of a profile. */
export function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="block">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Photo, name, CRP, rating and price: the top of every profile. */
export function ProfileHead({ profile: p, heading }: { profile: ProfileSummaryData; heading?: boolean }) {
  const { t } = useTranslation("profile");
  const Title = heading ? "h1" : "h2";
  return (
    <div className="profile-head">
      <Avatar p={p} large />
      <div>
        <Title id="profile-title">{p.name}</Title>
        {p.crp ? <p className="muted text-sm">CRP {p.crp}</p> : null}
        <Rating p={{ rating: p.ratingText, reviews: p.reviewsText }} />
        <Price amount={p.priceText} per={t("price.perSession")} />
      </div>
    </div>
  );
}

/** Specialties (all) and languages (up to 6), labelled. */
export function ProfileChips({ profile: p }: { profile: ProfileSummaryData }) {
  const { t } = useTranslation("profile");
  return (
    <>
      <Block title={t("sections.specialties")}>
        <Chips labels={p.specialties.map((code) => t(`catalog:specialties.${code}`))} max={99} />
      </Block>
      <Block title={t("sections.languages")}>
        <Chips labels={p.languages.map((code) => t(`catalog:languages.${code}`))} max={MAX_LANGUAGES} />
      </Block>
    </>
  );
}

/** What the modal and /psychologist/{id} show. */
export function ProfileSummary({ profile: p, shareUrl, heading }: { profile: ProfileSummaryData; shareUrl: string; heading?: boolean }) {
  const { t } = useTranslation("profile");
  const text = p.bio || p.shortBio;
  return (
    <div className="profile">
      <ProfileHead profile={p} heading={heading} />
      {text ? (
        <Block title={t("sections.about")}>
          <p>{text}</p>
        </Block>
      ) : null}
      <ProfileChips profile={p} />
      <Block title={t("sections.durations")}>
        <Durations prices={p.durations} />
      </Block>
      {p.education ? (
        <Block title={t("sections.education")}>
          <p>{p.education}</p>
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
    <div className="profile-actions">
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
