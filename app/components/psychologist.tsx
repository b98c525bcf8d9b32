import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { MAX_LANGUAGES } from "~/domain/catalog";
import { bookingPath } from "~/domain/share";
import { useTranslation } from "~/i18n/use-translation";
import { ShareMenu } from "./share-menu";
import { photoSources } from "~/domain/image";
import { formatList } from "~/utils/format";

/**
 * Every view of a psychologist: the card, the public profile, and the small
 * pieces they share (photo or initials, rating, chips, price).
 *
 * - Directory (spec, section 2): grid cards show 3 specialties and 2
 *   languages, list rows 4 specialties; 'Ver Perfil' opens the profile modal
 *   (a real URL) and 'Agendar' goes to booking step 1.
 * - Featured, on the home page: 2 specialties and 3 languages, the weekly
 *   hours, the 30/60-minute prices and 'Compartilhar' besides.
 * - The profile, as the modal (/psychologists/{id}), the page
 *   /psychologist/{id} and the full profile /psychologist-details/{id} show
 *   it (their 'Psicólogo não encontrado' is drawn by the error page,
 *   ./error-page.tsx).
 *
 * Every text arrives ready from the loader (labels, money, rating), so the
 * browser ships no formatting or catalog code; the looks are named classes
 * in tailwind.css. One module on purpose: the home page, the directory and
 * the profiles load it, with the share menu, as one file. The profile modal's
 * page, which loads the directory as well, would otherwise load one more
 * (every file carries its own gzip overhead) and go over its budget.
 */

export interface PsychologistCardData {
  id: string;
  name: string;
  crp: string | null;
  photoUrl: string | null;
  initials: string;
  shortBio: string;
  /** Labels, in the visitor's language. */
  specialties: string[];
  languages: string[];
  /** '4,8', or null before the first evaluation. */
  rating: string | null;
  /** '12 avaliações', or the words for no rating. */
  reviews: string;
  /** The 60-minute price, formatted. */
  price: string;
  /** Where 'Ver Perfil' leads. */
  href: string;
}

export interface FeaturedCardData extends PsychologistCardData {
  /** 'Xh Ym/semana'. */
  hours: string;
  /** ['30 min', 'R$ 120,00'], ['60 min', 'R$ 180,00']. */
  prices: Array<[string, string]>;
  shareUrl: string;
}

type CardProps = { p: PsychologistCardData; list?: boolean; featured?: never } | { p: FeaturedCardData; featured: true; list?: never };

export function PsychologistCard({ p, list, featured }: CardProps) {
  const { t } = useTranslation("directory");
  const id = `psi-${p.id}`;
  const Title = featured ? "h3" : "h2";
  return (
    <article className="psy-card" data-list={list || undefined} aria-labelledby={id}>
      <div>
        <div className="psy-head">
          <Avatar p={p} />
          <div>
            <Title id={id}>{p.name}</Title>
            {p.crp ? <p className="crp">CRP {p.crp}</p> : null}
            <Rating p={p} />
          </div>
        </div>
        {p.shortBio ? (
          <p className="bio" dir="auto">
            {p.shortBio}
          </p>
        ) : null}
        <Chips labels={p.specialties} max={featured ? 2 : list ? 4 : 3} />
        {list ? null : <Chips labels={p.languages} max={featured ? 3 : 2} />}
        {featured ? (
          <>
            <p className="text-sm">{p.hours}</p>
            <Durations prices={p.prices} />
          </>
        ) : null}
      </div>
      <div>
        {featured ? <ShareMenu id={p.id} url={p.shareUrl} /> : <Price amount={p.price} per={t("price.perSession")} />}
        <Link to={p.href} preventScrollReset={!featured} className="btn-secondary" aria-describedby={id}>
          {t("card.viewProfile")}
        </Link>
        <Link to={bookingPath(p.id)} className="btn-primary" aria-describedby={id}>
          {t("card.book")}
        </Link>
      </div>
    </article>
  );
}

/** Photo, or initials when there is none. */
export function Avatar({ p, large }: { p: { photoUrl: string | null; initials: string }; large?: boolean }) {
  const className = large ? "avatar avatar-lg" : "avatar avatar-md";
  return p.photoUrl ? (
    <img {...photoSources(p.photoUrl, large ? 80 : 56)} alt="" width={large ? 80 : 56} height={large ? 80 : 56} loading={large ? undefined : "lazy"} className={className} />
  ) : (
    <span aria-hidden="true" className={className}>
      {p.initials}
    </span>
  );
}

/** '★ 4,8 (12 avaliações)', or the words for no rating ('Sem avaliações', 'N/A'). */
export function Rating({ p }: { p: { rating: string | null; reviews: string } }) {
  return (
    <p className="rating">
      {p.rating ? (
        <>
          <span aria-hidden="true">★ </span>
          <b>{p.rating}</b> <span>({p.reviews})</span>
        </>
      ) : (
        <span>{p.reviews}</span>
      )}
    </p>
  );
}

/** The first `max` labels, then '+N': the rest in a tooltip and, for screen readers, in a hidden list. */
export function Chips({ labels, max }: { labels: string[]; max: number }) {
  const { locale } = useTranslation();
  const rest = labels.slice(max);
  return (
    <ul className="chips">
      {labels.slice(0, max).map((label) => (
        <li key={label}>{label}</li>
      ))}
      {rest.length > 0 ? (
        <li title={formatList(rest, locale)}>
          <span aria-hidden="true">+{rest.length}</span>
          <ul className="sr-only">
            {rest.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </li>
      ) : null}
    </ul>
  );
}

/** 'R$ 180,00 por sessão'. */
export function Price({ amount, per }: { amount: string; per: string }) {
  return (
    <p className="price">
      <b>{amount}</b> <span>{per}</span>
    </p>
  );
}

/** '30 min: R$ 120,00 · 60 min: R$ 180,00'. */
export function Durations({ prices }: { prices: Array<[string, string]> }) {
  return (
    <ul className="durations-text">
      {prices.map(([label, amount]) => (
        <li key={label}>
          {label}: <b>{amount}</b>
        </li>
      ))}
    </ul>
  );
}

// ---------------------------------------------------------------------------
// The public profile.

/** What the profile pages get from their loader (app/services/public-profile.server.ts): texts ready to show. */
export interface ProfileSummaryData {
  id: string;
  name: string;
  crp: string | null;
  photoUrl: string | null;
  initials: string;
  bio: string;
  shortBio: string;
  /** Labels, in the visitor's language. */
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
    <section className="profile-block">
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
        <Chips labels={p.specialties} max={99} />
      </Block>
      <Block title={t("sections.languages")}>
        <Chips labels={p.languages} max={MAX_LANGUAGES} />
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
          <p dir="auto">{text}</p>
        </Block>
      ) : null}
      <ProfileChips profile={p} />
      <Block title={t("sections.durations")}>
        <Durations prices={p.durations} />
      </Block>
      {p.education ? (
        <Block title={t("sections.education")}>
          <p dir="auto">{p.education}</p>
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
