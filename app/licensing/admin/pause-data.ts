// The pause tab's calls (issue 55 item 1): the app's open pause, pausing it with a reason in both
// languages, resuming it. Each change's answer is said in a toast; the tab's loader reads again.
import { type ActionResult, actionFailure, adminCall } from "~/owner/admin-route";
import { ApiError } from "~/platform/api";
import { toast } from "~/ui/toast";
import type { AppPause } from "@workers/licensing/app-pause";

export type PauseData = { appId: number | null; pause: AppPause | null };

export type PauseAction = { intent: "pause"; app_id: number; reason: string; reason_en: string } | { intent: "resume"; app_id: number };

/** The app's numeric id and its open pause; the app by slug or id, as the layout's address names it. */
export async function loadPause(request: Request, ref: string): Promise<PauseData> {
  const detail = await adminCall(request, (api) => api.api.apps.admin.detail[":id"].$get({ param: { id: encodeURIComponent(ref) } })).catch((error) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  const appId = detail?.data.id ?? null;
  if (appId === null) return { appId, pause: null };
  const body = await adminCall(request, (api) => api.api.admin.apps[":id"].pause.$get({ param: { id: String(appId) } }));
  return { appId, pause: body.data };
}

export async function runPauseAction(request: Request, action: PauseAction): Promise<ActionResult> {
  const id = String(action.app_id);
  try {
    const body =
      action.intent === "pause"
        ? await adminCall(request, (api) => api.api.admin.apps[":id"].pause.$post({ param: { id }, json: { reason: action.reason, reason_en: action.reason_en } }))
        : await adminCall(request, (api) => api.api.admin.apps[":id"].resume.$post({ param: { id } }));
    toast.success(body.message);
    return { ok: true, data: null };
  } catch (error) {
    return actionFailure(error, request, action.intent === "pause" ? "Tạm dừng thất bại" : "Tiếp tục thất bại", (message) => message);
  }
}
