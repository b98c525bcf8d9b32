import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database } from "#db/types";
import { SLOT_HOLDING_STATUSES } from "~/domain/appointment-status";
import {
  containsPattern,
  DIRECTORY_PAGE_SIZE,
  priceBandBounds,
  type AvailabilityFilter,
  type DirectoryFilters,
  type DirectorySort,
} from "~/domain/directory";
import { DIRECTORY_SLOT_MINUTES, ONLINE_WINDOW_MINUTES } from "~/domain/directory-availability";
import { DEFAULT_MIN_NOTICE_MINUTES } from "~/domain/slots";
import { db } from "./db.server";

/**
 * The public directory's queries. Only approved psychologists are ever read
 * here (status 'approved', which the schema keeps equal to is_approved, and an
 * account no administrator has blocked: isPublic).
 * A directory request costs two statements whatever the data size: the
 * banner's figures, and one page with its total (a CTE counted once and
 * paged once); an availability filter adds who is free, which the service
 * keeps a few seconds. Every filter and sort has an index (db/migrations/0003_public.ts);
 * the availability filters use the agenda and appointment lookup indexes.
 */

type PublicPsychologists = ExpressionBuilder<Database & { p: Database["psychologists"] }, "p">;

/**
 * Visible to the public: approved (and so is_approved, by a check constraint),
 * and the account not blocked by an administrator (blocking leaves the
 * approval as it is, so unblocking restores the profile). One primary-key
 * probe per row, inside the same statement.
 */
export function isPublic(eb: PublicPsychologists): Expression<SqlBool> {
  return eb.and([eb("p.status", "=", "approved"), eb("p.is_approved", "=", true), notBlocked("p")]);
}

/** The psychologist row `alias` has no blocked account behind it (an account-less row has none). */
export function notBlocked(alias: string) {
  return sql<SqlBool>`not exists (select 1 from users blocked where blocked.id = ${sql.ref(`${alias}.user_id`)} and blocked.blocked_at is not null)`;
}

export interface DirectoryStats {
  psychologists: number;
  /** The mean of every evaluation of a public psychologist; null before the first. */
  averageRating: number | null;
  totalReviews: number;
  /** Specialty codes at least one public psychologist offers, sorted. */
  specialties: string[];
  /** Consultation language codes public psychologists list, sorted. */
  languages: string[];
}

/** The statistics banner and the filters' choices, in one statement. */
export async function getDirectoryStats(): Promise<DirectoryStats> {
  const row = await db
    .selectFrom("psychologists as p")
    .where(isPublic)
    .select([
      sql<number>`count(*)::int`.as("psychologists"),
      sql<number>`coalesce(sum(p.rating_sum), 0)::int`.as("ratingSum"),
      sql<number>`coalesce(sum(p.total_reviews), 0)::int`.as("totalReviews"),
      distinctCodes("specialties").as("specialties"),
      distinctCodes("languages").as("languages"),
    ])
    .executeTakeFirstOrThrow();
  return {
    psychologists: row.psychologists,
    averageRating: row.totalReviews > 0 ? row.ratingSum / row.totalReviews : null,
    totalReviews: row.totalReviews,
    specialties: row.specialties,
    languages: row.languages,
  };
}

/** The distinct codes of a list column over the public psychologists, sorted. */
function distinctCodes(column: "specialties" | "languages") {
  return sql<string[]>`(
    select coalesce(array_agg(distinct code order by code), '{}')
    from psychologists q cross join lateral unnest(q.${sql.ref(column)}) as code
    where q.status = 'approved' and q.is_approved and ${notBlocked("q")})`;
}

export interface DirectoryCard {
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

export interface DirectoryPage {
  total: number;
  items: DirectoryCard[];
}

export interface DirectoryQuery extends Pick<DirectoryFilters, "q" | "specialty" | "price" | "language" | "sort" | "page"> {
  /** Specialty codes whose labels match `q` (the service searches the catalog's labels). */
  textSpecialties: string[];
  /** Under an availability filter, the psychologists it lets through (listAvailablePsychologistIds); null without one. */
  availableIds: readonly string[] | null;
}

/** One page of the directory and the number of matches, in one statement. */
export async function listDirectoryPage(query: DirectoryQuery): Promise<DirectoryPage> {
  const offset = (Math.max(1, query.page) - 1) * DIRECTORY_PAGE_SIZE;
  const order = orderBy(query.sort);
  const rows = await db
    .with("matches", () => filtered(query))
    .selectFrom((eb) => eb.selectFrom("matches").select(sql<number>`count(*)::int`.as("total")).as("c"))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("matches as m")
          .selectAll("m")
          .select(sql<number>`row_number() over (order by ${order})`.as("position"))
          .orderBy(order)
          .limit(DIRECTORY_PAGE_SIZE)
          .offset(offset)
          .as("r"),
      (join) => join.onTrue(),
    )
    .select([
      "c.total",
      "r.id",
      "r.name",
      "r.crp",
      "r.photoUrl",
      "r.shortBio",
      "r.specialties",
      "r.languages",
      "r.priceCents",
      "r.rating",
      "r.totalReviews",
    ])
    .orderBy("r.position")
    .execute();
  const total = rows[0]?.total ?? 0;
  const items = rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            name: row.name!,
            crp: row.crp ?? null,
            photoUrl: row.photoUrl ?? null,
            shortBio: row.shortBio ?? "",
            specialties: row.specialties ?? [],
            languages: row.languages ?? [],
            priceCents: row.priceCents!,
            rating: row.rating ?? null,
            totalReviews: row.totalReviews ?? 0,
          },
        ],
  );
  return { total, items };
}

/** What a psychologist's card shows (DirectoryCard): the directory's and the home page's featured cards. */
export const CARD_COLUMNS = [
  "p.id",
  "p.name",
  "p.crp",
  "p.photo_url as photoUrl",
  "p.short_bio as shortBio",
  "p.specialties",
  "p.languages",
  "p.price_cents as priceCents",
  "p.rating",
  "p.total_reviews as totalReviews",
] as const;

/** The public psychologists matching the filters, with the columns a card and the sorts need. */
function filtered(query: DirectoryQuery) {
  let select = db.selectFrom("psychologists as p").where(isPublic).select(CARD_COLUMNS);

  const text = query.q.trim();
  if (text) {
    // Accents and case folded on both sides; the text's own % and _ are literal.
    // fold_text() is the expression the trigram index holds (migration 0006).
    const nameMatches = sql<SqlBool>`fold_text(p.name) like fold_text(${containsPattern(text)})`;
    select = select.where((eb) =>
      query.textSpecialties.length > 0
        ? eb.or([nameMatches, sql<SqlBool>`p.specialties && ${sql.val(query.textSpecialties)}::text[]`])
        : nameMatches,
    );
  }
  if (query.specialty) select = select.where(sql<SqlBool>`p.specialties @> array[${query.specialty}]::text[]`);
  if (query.language) select = select.where(sql<SqlBool>`p.languages @> array[${query.language}]::text[]`);

  const { min, max } = priceBandBounds(query.price);
  if (min !== undefined) select = select.where("p.price_cents", ">", min);
  if (max !== undefined) select = select.where("p.price_cents", "<=", max);

  if (query.availableIds) select = select.where(sql<SqlBool>`p.id = any(${sql.val(query.availableIds)}::uuid[])`);
  return select;
}

/**
 * The public psychologists with a free slot for an availability filter at
 * `now`, by id. It walks every public psychologist's agenda (tens of
 * milliseconds of database time for 2,000), whatever the other filters.
 */
export async function listAvailablePsychologistIds(filter: Exclude<AvailabilityFilter, "all">, now: Date): Promise<string[]> {
  const rows = await db.selectFrom("psychologists as p").where(isPublic).where(hasFreeSlot(filter, now)).select("p.id").execute();
  return rows.map((row) => row.id);
}

/** Sort keys; each ends on the id so pages never overlap, and each matches an index. */
function orderBy(sort: DirectorySort) {
  switch (sort) {
    case "price-low":
      return sql`"priceCents" asc, id asc`;
    case "price-high":
      return sql`"priceCents" desc, id desc`;
    case "name":
      return sql`name asc, id asc`;
    case "experience":
      return sql`"totalReviews" desc, id asc`;
    default:
      return sql`rating desc nulls last, id asc`;
  }
}

/**
 * A free 30-minute slot, computed in the database with the rules of
 * app/domain/slots.ts (availableSlots), for every candidate in the same
 * statement:
 *  - the day's blocks are the weekly blocks of its weekday (unless it is a
 *    day off) plus its active dated blocks, merged where they overlap or touch (range_agg), with
 *    seconds rounded inwards;
 *  - starts step by 30 minutes from each merged block's start and must fit
 *    in it; wall times become instants in the psychologist's zone, a wall
 *    time a DST change skips is no start, and one it repeats is its first
 *    occurrence;
 *  - a start at least the minimum notice (2 h) after now;
 *  - no slot-holding appointment overlaps [start, start + 30 min).
 * 'today' looks at the psychologist's today; 'online' at starts within the
 * first bookable hour, [now + 2 h, now + 3 h), today or tomorrow
 * (docs/decisions/009-directory-availability.md: with a 2-hour notice
 * nothing bookable starts within the next hour).
 *
 * Each candidate costs a few index probes, so only starts that could fall in
 * the window are generated: from the window's wall-clock start (a repeated
 * wall time being its first occurrence, a later start never reads earlier on
 * the wall), and for 'online' up to its wall-clock end plus the largest
 * backward clock change (MAX_CLOCK_SHIFT_MINUTES), on those days only. The
 * exact tests below still decide; the grid still starts at each merged
 * block's start.
 */
function hasFreeSlot(filter: Exclude<AvailabilityFilter, "all">, now: Date): Expression<SqlBool> {
  const earliest = new Date(now.getTime() + DEFAULT_MIN_NOTICE_MINUTES * 60_000);
  const onlineUntil = new Date(earliest.getTime() + ONLINE_WINDOW_MINUTES * 60_000);
  const shift = sql`make_interval(mins => ${sql.lit(MAX_CLOCK_SHIFT_MINUTES)})`;
  const toWall = filter === "today" ? sql`null::timestamp` : sql`(${onlineUntil}::timestamptz at time zone p.time_zone) + ${shift}`;
  const days =
    filter === "today"
      ? sql`(values (t.today))`
      : sql`(select v.day from (values (t.today), (t.today + 1)) as v(day) where v.day between w.from_wall::date and w.to_wall::date)`;
  const until = filter === "today" ? sql`true` : sql`s.starts_at < ${onlineUntil}::timestamptz`;
  const slot = sql.lit(DIRECTORY_SLOT_MINUTES);
  const holding = sql.join(SLOT_HOLDING_STATUSES.map((status) => sql`${status}::appointment_status`));
  return sql<SqlBool>`exists (
    select 1
    from (select (${now}::timestamptz at time zone p.time_zone)::date as today) t
    cross join lateral (
      select ${earliest}::timestamptz at time zone p.time_zone as from_wall, ${toWall} as to_wall
    ) w
    cross join lateral ${days} as candidate_day(day)
    cross join lateral (
      select candidate_day.day,
             extract(epoch from w.from_wall - candidate_day.day::timestamp) / 60 as from_minute,
             extract(epoch from w.to_wall - candidate_day.day::timestamp) / 60 as to_minute
    ) d
    cross join lateral (
      select unnest(range_agg(int4range(b.start_minute, b.end_minute))) as minutes
      from (
        select ceil(extract(epoch from a.start_time) / 60)::int as start_minute,
               floor(extract(epoch from a.end_time) / 60)::int as end_minute
        from psychologist_availability a
        where a.psychologist_id = p.id and a.is_recurring and a.weekday = extract(dow from d.day)::int
          -- On a day off the weekly pattern does not hold; the day's dated blocks still do (ADR 031).
          and not exists (select 1 from psychologist_days_off o where o.psychologist_id = p.id and o.day = d.day)
        union all
        select ceil(extract(epoch from sc.start_time) / 60)::int, floor(extract(epoch from sc.end_time) / 60)::int
        from psychologist_schedule sc
        where sc.psychologist_id = p.id and sc.is_active and sc.date = d.day
      ) b
      where b.start_minute < b.end_minute
    ) blocks
    cross join lateral generate_series(
      lower(blocks.minutes) + ${slot} * greatest(0, ceil((d.from_minute - lower(blocks.minutes)) / ${slot}))::int,
      least(upper(blocks.minutes) - ${slot}, floor(d.to_minute)::int),
      ${slot}
    ) as g(minute)
    cross join lateral (select d.day + make_interval(mins => g.minute) as wall) w2
    -- PostgreSQL reads a wall time a clock change repeats as its second occurrence; booking
    -- (wallTimeToInstant) takes the first, with the offset in force before the change, which
    -- a repeat never outlasts by more than the largest change.
    cross join lateral (select w2.wall at time zone p.time_zone as later) l
    cross join lateral (
      select l.later - (((l.later - ${shift}) at time zone p.time_zone) - ((l.later - ${shift}) at time zone 'UTC')
                        - (w2.wall - (l.later at time zone 'UTC'))) as earlier
    ) e
    cross join lateral (
      select case when e.earlier < l.later and (e.earlier at time zone p.time_zone) = w2.wall then e.earlier else l.later end as starts_at
    ) s
    where s.starts_at >= ${earliest}::timestamptz
      and ${until}
      and (l.later at time zone p.time_zone) = w2.wall
      and not exists (
        select 1 from appointments ap
        where ap.psychologist_id = p.id
          and ap.status in (${holding})
          and ap.starts_at < s.starts_at + make_interval(mins => ${slot})
          and ap.ends_at > s.starts_at
      )
  )`;
}

/**
 * The largest backward change of a clock (Antarctica/Troll falls back two
 * hours; every other zone at most one): a start before an instant reads at
 * most this much later on the wall clock than that instant, and a repeated
 * wall time's second occurrence is at most this long after the change.
 */
const MAX_CLOCK_SHIFT_MINUTES = 120;

/** Every public psychologist's id, for the sitemap. */
export async function listPublicPsychologistIds(): Promise<string[]> {
  const rows = await db.selectFrom("psychologists as p").where(isPublic).select("p.id").orderBy("p.id").execute();
  return rows.map((row) => row.id);
}
