// Saving the app form. The form submits itself through its fetcher as multipart (its text fields
// and the chosen files) to its route's clientAction (admin.app.new, admin.app.$id.edit), which
// calls saveApp (below, fetching save-action.ts): each file goes up in parts first, its progress
// published to the form as it goes (useSaveProgress), then one create/update call carries the
// fields and the uploaded files' keys.
import { useSyncExternalStore } from "react";
import { NETWORK_ERROR } from "@workers/shared/error-texts";
import type { ActionFailed } from "~/owner/admin-route";
import { fetchOnDemand } from "~/ui/LazyDialog";
import type { FileParts, Progress } from "./save-action";
import type { TextFields } from "./fields";

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
const FILE_PARTS: FileParts = {
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
 * The routes' clientAction: the action's code (save-action.ts: the uploads, the create or update
 * call) is fetched with the submission, and given the parts to read and where to publish progress.
 * If it cannot be fetched, the admin reads the network message (fetchOnDemand) and the form stays
 * as it was.
 */
export async function saveApp(request: Request, appId: string | null): Promise<Response | ActionFailed> {
  let action: typeof import("./save-action");
  try {
    action = await fetchOnDemand(() => import("./save-action"));
  } catch {
    return { ok: false, error: NETWORK_ERROR, errors: null };
  }
  return action.saveApp(request, appId, { parts: FILE_PARTS, publish });
}
