// Saving the app form. The form submits itself through its fetcher as multipart (its text fields
// and the chosen files) to its route's clientAction (admin.app.new, admin.app.$id.edit), which
// calls saveApp: each file goes up in parts first, its progress published to the form as it goes
// (useSaveProgress), then one create/update call carries the fields and the uploaded files' keys.
import { useSyncExternalStore } from "react";
import { type ActionFailed, actionFailure, adminCall } from "~/owner/admin-route";
import { redirectTo } from "~/ui/forms/redirect-response";
import { toast } from "~/ui/toast";
import { uploadFile } from "~/catalogue/admin/uploads";
import { APP_FORM_MESSAGES } from "@workers/shared/app-form";
import type { UploadKind } from "@workers/shared/enums";
import { formatDateTime } from "@workers/shared/format";
import type { TextFields } from "./fields";

export type Progress = { sent: number; total: number; label: string };

export type AppFiles = { pkg: File | null; icon: File | null; media: File[]; removed: Set<number> };

// ---------------------------------------------------------------- progress

let progress: Progress | null = null;
const listeners = new Set<() => void>();

function publish(next: Progress | null) {
  progress = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How far the files of the save on its way have gone up; null when none is uploading. */
export function useSaveProgress(): Progress | null {
  return useSyncExternalStore(
    subscribe,
    () => progress,
    () => null,
  );
}

// ---------------------------------------------------------------- the form's submission

/** The multipart parts that carry the chosen files from the form to its action, and the API's field for each file's upload key. */
const FILE_PARTS: Record<UploadKind, { part: string; key: string }> = {
  app_file: { part: "package", key: "file_key" },
  icon: { part: "icon", key: "icon_key" },
  media: { part: "media", key: "screenshot_keys" },
};

/** What the form submits: its text fields (trimmed), the files chosen, the screenshots to remove. */
export function appFormData(fields: TextFields, files: AppFiles): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value.trim());
  if (files.pkg) form.append(FILE_PARTS.app_file.part, files.pkg);
  if (files.icon) form.append(FILE_PARTS.icon.part, files.icon);
  for (const file of files.media) form.append(FILE_PARTS.media.part, file);
  for (const id of files.removed) form.append("remove_screenshots", String(id));
  return form;
}

/**
 * The clientAction of the app form: uploads the submitted files, then creates the app (`appId`
 * null) or updates it, and goes back to the list; a refusal answers its message and field errors.
 */
export async function saveApp(request: Request, appId: string | null): Promise<Response | ActionFailed> {
  const submitted = await request.formData();
  // The fields hc sends as multipart (a field named twice is a list); the files' keys join them after the upload.
  const form: Record<string, string[]> = {};
  const add = (name: string, value: string) => {
    form[name] = [...(form[name] ?? []), value];
  };
  // In the order the form appended them: the package, the icon, then the media.
  const sending: [File, UploadKind][] = [];
  const kinds = Object.entries(FILE_PARTS) as [UploadKind, { part: string }][];
  for (const [name, value] of submitted) {
    const kind = kinds.find(([, { part }]) => part === name)?.[0];
    if (kind && typeof value !== "string") sending.push([value, kind]);
    else if (typeof value === "string") add(name, value);
  }
  try {
    const total = sending.reduce((sum, [file]) => sum + file.size, 0);
    let done = 0;
    for (const [file, kind] of sending) {
      publish({ sent: done, total, label: file.name });
      const uploaded = await uploadFile(file, kind, (sent) => publish({ sent: done + sent, total, label: file.name }));
      done += file.size;
      add(FILE_PARTS[kind].key, uploaded.key);
    }
    publish(null);
    const result =
      appId === null
        ? await adminCall(request, (api) => api.api.apps.create.$post({ form }))
        : await adminCall(request, (api) => api.api.apps.update[":id"].$put({ param: { id: appId }, form }));
    toast.success(appId === null ? APP_FORM_MESSAGES.created.in("vi") : `${APP_FORM_MESSAGES.updated.in("vi")} (${formatDateTime(new Date())})`);
    const info = result.data.extracted_info;
    if (info?.auto_filled && sending.some(([, kind]) => kind === "app_file")) {
      toast.info(`Bundle ID: ${info.bundle_id || "—"} • Build: ${info.build_number || "—"} • iOS tối thiểu: ${info.minimum_os_version || "—"}`, 5000);
    }
    return redirectTo("/admin");
  } catch (error) {
    // A refusal naming fields is told by the form, as its own check's is (AppForm.tsx `refuse`).
    return actionFailure(error, request, "Vui lòng thử lại sau!", appId === null ? undefined : (message) => APP_FORM_MESSAGES.updateFailed(message).in("vi"), { shownInForm: true });
  } finally {
    publish(null);
  }
}
