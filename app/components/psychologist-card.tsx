import { Link } from "@remix-run/react";
import { bookingPath } from "~/domain/share";
import { useTranslation } from "~/i18n/use-translation";
import { ShareMenu } from "./share-menu";

/**
 * A psychologist's card, and the small pieces every view of a psychologist
 * shares (photo or initials, rating, chips, price).
 *
 * - Directory (spec, section 2): grid cards show 3 specialties and 2
 *   languages, list rows 4 specialties; 'Ver Perfil' opens the profile modal
 *   (a real URL) and 'Agendar' goes to booking step 1.
 * - Featured, on the home page: 2 specialties and 3 languages, the weekly
 *   hours, the 30/60-minute prices and 'Compartilhar' besides.
 *
 * Every text arrives ready from the loader (labels, money, rating), so the
 * browser ships no formatting or catalog code; the looks are named classes
 * in tailwind.css. Kept in one module with the share menu: the directory,
 * the home page and the profiles load them as one small file.
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
        {p.shortBio ? <p className="bio">{p.shortBio}</p> : null}
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
    <img src={p.photoUrl} alt="" className={className} />
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
  const rest = labels.slice(max);
  return (
    <ul className="chips">
      {labels.slice(0, max).map((label) => (
        <li key={label}>{label}</li>
      ))}
      {rest.length > 0 ? (
        <li title={rest.join(", ")}>
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
