// The app form's action, fetched with the submission (save.ts): uploads the submitted files,
// publishing their progress, then creates or updates the app.
import { type ActionFailed, actionFailure, adminCall } from "~/owner/admin-route";
import { redirectTo } from "~/ui/forms/redirect-response";
import { toast } from "~/ui/toast";
import { uploadFile } from "~/catalogue/admin/uploads";
import { APP_FORM_MESSAGES } from "@workers/shared/app-form";
import type { UploadKind } from "@workers/shared/enums";
import { formatDateTime } from "@workers/shared/format";

/** How far the files of a save have gone up (the form shows it: save.ts's useSaveProgress). */
export type Progress = { sent: number; total: number; label: string };

/** The multipart part that carries each kind of file, and the API's field for its upload key (save.ts's FILE_PARTS). */
export type FileParts = Record<UploadKind, { part: string; key: string }>;

/**
 * The clientAction of the app form: uploads the submitted files, then creates the app (`appId`
 * null) or updates it, and goes back to the list; a refusal answers its message and field errors.
 */
export async function saveApp(
  request: Request,
  appId: string | null,
  { parts: FILE_PARTS, publish }: { parts: FileParts; publish: (progress: Progress | null) => void },
): Promise<Response | ActionFailed> {
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
