// Small pieces shared by the app form's sections.
import { type ReactNode, useEffect, useState } from "react";
import { formatFileSize } from "@workers/shared/format";
import { CARD } from "../../owner/AdminShell";
import type { Progress } from "./save-action";

export const FILE_INPUT =
  "block w-full text-sm text-zinc-300 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-600 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-white hover:file:bg-indigo-500";

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={`${CARD} p-4 sm:p-5`}>
      <h2 className="mb-4 text-base font-bold text-white">{title}</h2>
      {children}
    </section>
  );
}

export function UploadProgress({ progress }: { progress: Progress }) {
  const percent = progress.total ? Math.min(100, Math.round((progress.sent / progress.total) * 100)) : 0;
  return (
    <div className={`${CARD} p-4`} aria-live="polite">
      <div className="mb-2 flex justify-between gap-2 text-sm text-zinc-300">
        <span className="truncate">Đang tải lên {progress.label}…</span>
        <span>{percent}%</span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-zinc-800" role="progressbar" aria-label="Tiến độ tải lên" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="h-full rounded-full bg-indigo-500 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-zinc-400">
        {formatFileSize(progress.sent)} / {formatFileSize(progress.total)}
      </p>
    </div>
  );
}

/** A blob: URL for a chosen file, revoked when the file changes or the form goes away (browser-only). */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
