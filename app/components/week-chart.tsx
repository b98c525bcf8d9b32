/**
 * A small bar chart of a card's last weeks, drawn as SVG on the server (no
 * chart library reaches the browser). `role="img"` with a title that says
 * what the bars show, and the last value in words, so it reads without sight.
 */
export function WeekChart({ points, title, format }: { points: Array<{ week: string; value: number }>; title: string; format: (value: number) => string }) {
  const width = 120;
  const height = 32;
  const gap = 2;
  const max = Math.max(...points.map((point) => point.value), 0);
  const bar = points.length > 0 ? (width - gap * (points.length - 1)) / points.length : 0;
  const last = points.at(-1);
  const label = last ? `${title}: ${format(last.value)}` : title;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={label} className="week-chart">
      <title>{label}</title>
      {points.map((point, index) => {
        // An empty week keeps a hairline, so the twelve weeks stay visible.
        const barHeight = max > 0 ? Math.max(1, (point.value / max) * height) : 1;
        return <rect key={point.week} x={index * (bar + gap)} y={height - barHeight} width={bar} height={barHeight} rx={1} data-current={index === points.length - 1 ? "" : undefined} />;
      })}
    </svg>
  );
}
