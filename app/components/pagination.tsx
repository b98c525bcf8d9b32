import { Link } from "@remix-run/react";

/**
 * 'Anterior · Página X de Y · Próxima' under a paged list, as the
 * consultations tab first drew it; the links keep the list's GET filters
 * (`href(page)` builds them). Nothing when one page holds all.
 */
export function Pagination({ page, pages, href, labels }: { page: number; pages: number; href: (page: number) => string; labels: { nav: string; previous: string; next: string; pageOf: string } }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="mt-4 flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="btn-secondary">
          {labels.previous}
        </Link>
      ) : (
        <span />
      )}
      <span>{labels.pageOf}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className="btn-secondary">
          {labels.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
