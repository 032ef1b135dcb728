// The CSV download buttons (issue #18): a period in Vietnam's days and one button per export.
// Presentational: the screen passes `onDownload` (app/owner/admin-exports.ts downloadExport).
import { useState } from "react";
import { VIETNAM_OFFSET_MS } from "@workers/shared/format";
import { inputClass } from "~/ui/input-class";
import { Spinner } from "~/ui/Spinner";
import type { ExportKind, ExportRange } from "~/owner/admin-exports";
import { BUTTON_SECONDARY, CARD } from "./AdminShell";

/** Today in Vietnam, as YYYY-MM-DD. */
function vietnamToday(): string {
  return new Date(Date.now() + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}

const EXPORTS: { kind: ExportKind; label: string }[] = [
  { kind: "transactions", label: "Tải giao dịch (CSV)" },
  { kind: "orders", label: "Tải đơn hàng (CSV)" },
];

export function ExportDownloads({ onDownload }: { onDownload: (kind: ExportKind, range: ExportRange) => Promise<void> }) {
  const [range, setRange] = useState<ExportRange>(() => {
    const today = vietnamToday();
    return { from: `${today.slice(0, 8)}01`, to: today };
  });
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const backwards = range.from > range.to;

  async function download(kind: ExportKind) {
    setBusy(kind);
    try {
      await onDownload(kind, range);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={`${CARD} p-4`} aria-labelledby="export-title" data-testid="export-downloads">
      <h2 id="export-title" className="text-sm font-semibold text-white">
        Xuất dữ liệu
      </h2>
      <p className="mt-1 text-xs text-zinc-400">Tệp CSV (UTF-8, mở được bằng Excel), theo ngày giờ Việt Nam, tính cả hai ngày.</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="text-xs text-zinc-400">
          Từ ngày
          <input type="date" className={`${inputClass(backwards)} mt-1 block`} value={range.from} max={range.to} required onChange={(event) => setRange({ ...range, from: event.target.value })} />
        </label>
        <label className="text-xs text-zinc-400">
          Đến ngày
          <input type="date" className={`${inputClass(backwards)} mt-1 block`} value={range.to} min={range.from} required onChange={(event) => setRange({ ...range, to: event.target.value })} />
        </label>
        {EXPORTS.map(({ kind, label }) => (
          <button key={kind} type="button" className={BUTTON_SECONDARY} disabled={busy !== null || backwards || !range.from || !range.to} onClick={() => download(kind)}>
            {busy === kind && <Spinner className="h-4 w-4" />}
            {label}
          </button>
        ))}
      </div>
      {backwards && <p className="mt-2 text-xs text-red-400">Ngày bắt đầu phải trước hoặc bằng ngày kết thúc</p>}
    </section>
  );
}
