// Saving the app form: each chosen file goes up in parts first (progress reported as it goes),
// then one create/update call carries the fields and the uploaded files' keys. Imperative on
// purpose: it runs in the submit handler so the progress bar can follow every part.
import { apiFetch } from "~/lib/api";
import type { UploadKind } from "@workers/shared/enums";
import { uploadFile } from "~/lib/uploads";
import type { AdminApp, ExtractedInfo } from "@workers/catalogue/app-admin";
import type { TextFields } from "./fields";

export type Progress = { sent: number; total: number; label: string };

export type AppFiles = { pkg: File | null; icon: File | null; media: File[]; removed: Set<number> };


/** Uploads the files, then creates the app (no `app`) or updates it; answers what the server read from the package. */
export async function saveApp(app: AdminApp | undefined, fields: TextFields, files: AppFiles, onProgress: (progress: Progress | null) => void): Promise<ExtractedInfo | undefined> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value.trim());
  const sending: [File, UploadKind, string][] = [
    ...(files.pkg ? ([[files.pkg, "app_file", "file_key"]] as [File, UploadKind, string][]) : []),
    ...(files.icon ? ([[files.icon, "icon", "icon_key"]] as [File, UploadKind, string][]) : []),
    ...files.media.map((file) => [file, "media", "screenshot_keys"] as [File, UploadKind, string]),
  ];
  const total = sending.reduce((sum, [file]) => sum + file.size, 0);
  let done = 0;
  for (const [file, kind, field] of sending) {
    onProgress({ sent: done, total, label: file.name });
    const uploaded = await uploadFile(file, kind, (sent) => onProgress({ sent: done + sent, total, label: file.name }));
    done += file.size;
    form.append(field, uploaded.key);
  }
  for (const id of files.removed) form.append("remove_screenshots", String(id));
  onProgress(null);
  const result = await apiFetch<{ message: string; data: AdminApp & { extracted_info?: ExtractedInfo } }>(app ? `/api/apps/update/${app.id}/` : "/api/apps/create/", {
    method: app ? "PUT" : "POST",
    auth: true,
    body: form,
  });
  return result.data.extracted_info;
}
