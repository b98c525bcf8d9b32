/**
 * The video page's countdown to the room's opening: 'MM:SS', 'H:MM:SS', and
 * from a day ahead the days in words before the clock ('3 giorni 02:11:08',
 * '3 дня 02:11:08'), plurals and joining from Intl in the reader's language.
 * The confirmation e-mail links to the video page right after booking, days
 * before: hours alone read '146:03:12'.
 */
export function countdownLabel(totalSeconds: number, locale: string): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  if (days === 0) return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
  const dayWords = new Intl.NumberFormat(locale, { style: "unit", unit: "day", unitDisplay: "long" }).format(days);
  return new Intl.ListFormat(locale, { style: "narrow", type: "unit" }).format([dayWords, `${two(h)}:${two(m)}:${two(s)}`]);
}
