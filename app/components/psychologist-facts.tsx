import { useTranslation } from "~/i18n/use-translation";
import { formatMoney, formatNumber } from "~/utils/format";

/**
 * The small pieces every view of a psychologist shares (directory card,
 * profile modal, full profile): photo or initials, rating, chips, price.
 * Kept apart from the card so the profile pages do not load the directory.
 */

/** Photo, or initials when there is none. */
export function Avatar({ name, photoUrl, large }: { name: string; photoUrl: string | null; large?: boolean }) {
  const className = `avatar shrink-0 ${large ? "h-20 w-20 text-2xl" : "h-14 w-14 text-lg"}`;
  return photoUrl ? <img src={photoUrl} alt="" className={className} /> : <span aria-hidden="true" className={className}>{initials(name)}</span>;
}

/** '★ 4,8 (12 avaliações)', or 'Sem avaliações' before the first one. */
export function Rating({ rating, reviews, ns }: { rating: number | null; reviews: number; ns: string }) {
  const { t, locale } = useTranslation(ns);
  return (
    <p className="text-sm">
      {rating === null || reviews === 0 ? (
        <span className="muted">{t("rating.none")}</span>
      ) : (
        <>
          <span aria-hidden="true" className="text-amber-500">
            ★{" "}
          </span>
          <b>{formatNumber(rating, locale, 1)}</b> <span className="muted">({t("rating.reviews", { count: reviews })})</span>
        </>
      )}
    </p>
  );
}

/** The first `max` labels, then '+N'. */
export function Chips({ labels, max }: { labels: string[]; max: number }) {
  const rest = labels.length - max;
  return (
    <ul className="flex flex-wrap gap-1.5 text-xs [&>li]:rounded-full [&>li]:bg-teal-50 [&>li]:px-2.5 [&>li]:py-0.5 dark:[&>li]:bg-slate-800">
      {labels.slice(0, max).map((label) => (
        <li key={label}>{label}</li>
      ))}
      {rest > 0 ? <li>+{rest}</li> : null}
    </ul>
  );
}

/** The price of a session (the psychologist's 60-minute price). */
export function Price({ cents, ns }: { cents: number; ns: string }) {
  const { t, locale } = useTranslation(ns);
  return (
    <p>
      <b className="text-lg">{formatMoney(cents, locale)}</b> <span className="muted text-sm">{t("price.perSession")}</span>
    </p>
  );
}

/** 'Ana Beatriz Fonseca' → 'AF'. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/);
  return ((words[0]?.[0] ?? "") + (words.length > 1 ? (words.at(-1)?.[0] ?? "") : "")).toUpperCase();
}
