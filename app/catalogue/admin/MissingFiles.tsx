// The listed versions whose file the server found gone from R2 (issue 42, M3): a buyer of one only
// hears "no file yet", so the admin is told here, on the app's page, which ones to upload again.
import type { AdminApp } from "@workers/catalogue/app-admin";

type Listed = Pick<AdminApp, "version" | "file_missing"> & { releases?: { version: string; file_missing: boolean }[] };

export function MissingFiles({ app }: { app: Listed }) {
  const versions = [...(app.file_missing ? [`${app.version || "?"} (hiện tại)`] : []), ...(app.releases ?? []).filter((release) => release.file_missing).map((release) => release.version)];
  if (!versions.length) return null;
  return (
    <div role="alert" data-testid="missing-files" className="mb-4 rounded-xl border border-red-500/30 bg-red-950/40 px-4 py-3 text-sm text-red-200">
      <p className="font-semibold">{`Thiếu tệp trên R2: phiên bản ${versions.join(", ")}.`}</p>
      <p className="mt-1">Người mua tải các phiên bản này chỉ thấy "chưa có tệp". Tải tệp lên lại để họ tải được.</p>
    </div>
  );
}
