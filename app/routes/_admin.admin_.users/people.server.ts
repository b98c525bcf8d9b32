import { z } from "zod";
import { pageTranslations } from "~/i18n/i18n.server";
import { PEOPLE_PAGE_SIZE, searchPeople } from "~/models/admin-people.server";
import { pageMeta } from "~/services/page-meta.server";
import { env } from "~/utils/env.server";
import { formatLongDate } from "~/utils/format";
import { ROLES, STATES } from "~/domain/people-filters";

/** /admin/users: people by name, e-mail or CPF, role and state, as GET parameters, pages of 50. */

const schema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  role: z.enum(ROLES).optional().catch(undefined),
  state: z.enum(STATES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export async function peoplePageData(request: Request) {
  const { t, translations, locale } = await pageTranslations(request, ["admin-people"]);
  const { q, role, state, page } = schema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows, total } = await searchPeople({ q: q || undefined, role, state }, page, env().ADMIN_EMAILS);
  return {
    translations,
    meta: await pageMeta(request, { title: t("title"), noindex: true }),
    form: Object.fromEntries(Object.entries({ q, role, state }).filter(([, value]) => value)) as Record<string, string>,
    page,
    pages: Math.max(1, Math.ceil(total / PEOPLE_PAGE_SIZE)),
    total,
    rows: rows.map((row) => ({ ...row, name: row.name || "—", createdAt: formatLongDate(row.createdAt, locale, "America/Sao_Paulo") })),
  };
}
