// The listed versions whose file the server found gone from R2 (issue 42, M3): a buyer of one only
// hears "no file yet", so the admin is told here, on the app's page, which ones to upload again.
import type { AdminApp } from "@workers/catalogue/app-admin";
import { Alert } from "~/ui/Alert";

type Listed = Pick<AdminApp, "version" | "file_missing"> & { releases?: { version: string; file_missing: boolean }[] };

export function MissingFiles({ app }: { app: Listed }) {
  const versions = [...(app.file_missing ? [`${app.version || "?"} (hiện tại)`] : []), ...(app.releases ?? []).filter((release) => release.file_missing).map((release) => release.version)];
  if (!versions.length) return null;
  return (
    <Alert testId="missing-files" className="mb-4" title={`Thiếu tệp trên R2: phiên bản ${versions.join(", ")}.`} lines={'Người mua tải các phiên bản này chỉ thấy "chưa có tệp". Tải tệp lên lại để họ tải được.'} />
  );
}
