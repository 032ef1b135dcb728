// Revenue (bars) and deposits (line) per Vietnam day, drawn as SVG: two series of at most 90
// points need no chart library. The viewBox scales to the screen's width, so a phone shows it whole.
import { formatNumber, formatVND } from "@workers/shared/format";

export type DailyPoint = { date: string; revenue: number; deposits: number };

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 8 };

/** "2026-11-26" → "26/11" */
function dayLabel(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/** A round axis top at or above `value` (1, 2 or 5 times a power of ten). */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

/** "1.500.000" → "1,5 tr" (the axis label stays short on a phone). */
function shortAmount(value: number): string {
  if (value >= 1_000_000) return `${formatNumber(Math.round(value / 100_000) / 10)} tr`;
  if (value >= 1_000) return `${formatNumber(Math.round(value / 1_000))} k`;
  return formatNumber(value);
}

export function DailyChart({ points }: { points: DailyPoint[] }) {
  const top = niceMax(Math.max(...points.map((point) => Math.max(point.revenue, point.deposits)), 0));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(points.length, 1);
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const line = points.map((point, index) => `${x(index).toFixed(1)},${y(point.deposits).toFixed(1)}`).join(" ");
  const labelled = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);
  const totalRevenue = points.reduce((sum, point) => sum + point.revenue, 0);
  const totalDeposits = points.reduce((sum, point) => sum + point.deposits, 0);

  return (
    <figure>
      <div className="mb-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-zinc-300">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="h-3 w-3 rounded-sm bg-indigo-400" /> Doanh thu: {formatVND(totalRevenue)}
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="h-0.5 w-4 bg-emerald-400" /> Nạp tiền: {formatVND(totalDeposits)}
        </span>
        <span className="text-zinc-500">Trục dọc tối đa {shortAmount(top)}</span>
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={`Doanh thu và nạp tiền theo ngày, ${points.length} ngày gần nhất`} data-testid="daily-chart">
        {[0.25, 0.5, 0.75, 1].map((share) => (
          <line key={share} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top * share)} y2={y(top * share)} stroke="currentColor" className="text-white/10" strokeDasharray="4 4" />
        ))}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="currentColor" className="text-white/20" />
        {points.map((point, index) => (
          <g key={point.date}>
            <title>{`${dayLabel(point.date)}: doanh thu ${formatVND(point.revenue)}, nạp tiền ${formatVND(point.deposits)}`}</title>
            <rect x={x(index) - slot * 0.35} width={slot * 0.7} y={y(point.revenue)} height={Math.max(y(0) - y(point.revenue), 0)} rx={2} className="fill-indigo-400" />
            {labelled.has(index) && (
              <text x={x(index)} y={HEIGHT - 8} textAnchor={index === 0 ? "start" : index === points.length - 1 ? "end" : "middle"} className="fill-zinc-400 text-[13px]">
                {dayLabel(point.date)}
              </text>
            )}
          </g>
        ))}
        <polyline points={line} fill="none" strokeWidth={2.5} strokeLinejoin="round" className="stroke-emerald-400" />
      </svg>
    </figure>
  );
}
