import { Link } from "@remix-run/react";
import { bookingPath } from "~/domain/share";
import { useTranslation } from "~/i18n/use-translation";
import { Avatar, Chips, Price, Rating } from "./psychologist-facts";

/**
 * A psychologist in the directory (spec, section 2): grid cards show 3
 * specialties and 2 languages, list rows 4 specialties; each has 'Ver
 * Perfil' (the profile modal, a real URL) and 'Agendar' (booking step 1).
 * Labels of specialty and language codes come from the `catalog` namespace.
 * Kept small: every element here ships in the page's JavaScript.
 */

export interface PsychologistCardData {
  id: string;
  name: string;
  crp: string | null;
  photoUrl: string | null;
  shortBio: string;
  specialties: string[];
  languages: string[];
  priceCents: number;
  rating: number | null;
  totalReviews: number;
}

export function PsychologistCard({ psychologist: p, list, profileHref }: { psychologist: PsychologistCardData; list: boolean; profileHref: string }) {
  const { t } = useTranslation("directory");
  const id = `psi-${p.id}`;
  return (
    <article className={`card flex h-full flex-col gap-3 ${list ? "sm:flex-row sm:items-center" : ""}`} aria-labelledby={id}>
      <div className="flex flex-1 flex-col gap-3">
        <div className="flex items-center gap-3">
          <Avatar name={p.name} photoUrl={p.photoUrl} />
          <div>
            <h2 id={id} className="font-semibold">
              {p.name}
            </h2>
            {p.crp ? <p className="muted text-xs">CRP {p.crp}</p> : null}
            <Rating rating={p.rating} reviews={p.totalReviews} ns="directory" />
          </div>
        </div>
        {p.shortBio ? <p className="muted line-clamp-3 text-sm">{p.shortBio}</p> : null}
        <Chips labels={p.specialties.map((code) => t(`catalog:specialties.${code}`))} max={list ? 4 : 3} />
        {list ? null : <Chips labels={p.languages.map((code) => t(`catalog:languages.${code}`))} max={2} />}
      </div>
      <div className="flex flex-col gap-2">
        <Price cents={p.priceCents} ns="directory" />
        <Link to={profileHref} preventScrollReset className="btn-secondary" aria-describedby={id}>
          {t("card.viewProfile")}
        </Link>
        <Link to={bookingPath(p.id)} className="btn-primary" aria-describedby={id}>
          {t("card.book")}
        </Link>
      </div>
    </article>
  );
}
