// The period an owner's report covers (Tổng quan, Giấy phép): ?days= of 7, 30 or 90, 30 otherwise.
import { Link } from "@remix-run/react";

const PERIODS = [7, 30, 90];

export function periodFrom(url: URL): number {
  const days = Number(url.searchParams.get("days"));
  return PERIODS.includes(days) ? days : 30;
}

/** The links between periods, the shown one marked as the current page. */
export function PeriodLinks({ current }: { current: number | undefined }) {
  return (
    <nav aria-label="Khoảng thời gian" className="flex gap-1 text-sm">
      {PERIODS.map((days) => (
        <Link
          key={days}
          to={`?days=${days}`}
          aria-current={current === days ? "page" : undefined}
          className={`rounded-lg px-3 py-1.5 ${current === days ? "bg-indigo-500/15 text-indigo-200" : "text-zinc-400 hover:bg-white/5 hover:text-white"}`}
        >
          {`${days} ngày`}
        </Link>
      ))}
    </nav>
  );
}
