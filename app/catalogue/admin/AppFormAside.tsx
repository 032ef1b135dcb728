// The app form's right column: the card as it will look, and on the edit page the unsaved
// changes and the update history.
import { AppCard } from "~/catalogue/home/AppCard";
import { formatDateTime } from "@workers/shared/format";
import type { AdminApp } from "@workers/catalogue/app-admin";
import type { AppCardData } from "@workers/catalogue/catalogue";
import { CARD } from "../../owner/AdminShell";

export function AppFormAside({ mode, app, previewApp, pending }: { mode: "create" | "edit"; app?: AdminApp; previewApp: AppCardData; pending: string[] }) {
  return (
  <aside className="space-y-4 lg:sticky lg:top-20 lg:self-start" aria-label="Xem trước">
    <div>
      <h2 className="mb-2 text-sm font-semibold text-zinc-400">Xem trước</h2>
      <div className="pointer-events-none" data-testid="app-preview">
        <AppCard app={previewApp} now={Date.now()} />
      </div>
    </div>
    {mode === "edit" && (
      <div className={`${CARD} p-4`} data-testid="pending-changes">
        <h2 className="mb-2 text-sm font-semibold text-white">Thay đổi chưa lưu</h2>
        {pending.length === 0 ? (
          <p className="text-sm text-zinc-400">Chưa có thay đổi nào.</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm text-amber-200">
            {pending.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    )}
    {app?.releases && (
      <div className={`${CARD} p-4`} data-testid="update-history">
        <h2 className="mb-2 text-sm font-semibold text-white">Lịch sử cập nhật</h2>
        {app.releases.length === 0 ? (
          <p className="text-sm text-zinc-400">Chưa có bản dựng nào được tải lên.</p>
        ) : (
          <ol className="space-y-2 text-sm">
            {app.releases.map((release) => (
              <li key={release.id} className="flex items-baseline justify-between gap-2">
                <span className="text-zinc-200">
                  v{release.version}
                  {release.build_number && <span className="text-zinc-400"> ({release.build_number})</span>}
                </span>
                <span className="text-xs whitespace-nowrap text-zinc-400">{formatDateTime(release.created_at)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    )}
  </aside>
  );
}
