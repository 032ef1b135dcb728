// The changes the admin's key list sends (app/routes/admin.app.$appId.keys.list/route.tsx): delete,
// bulk delete, revoke, cleanup, and the changes the server words itself, each told in a toast.
import { type ActionResult, adminCall } from "~/owner/admin-route";
import { formatNumber } from "@workers/shared/format";
import { toast } from "~/ui/toast";
import { keyActionFailure } from "./key-data";
import { appParam } from "./key-list-data";
import type { Cleanup } from "./CleanupModal";
import type { KeyChange } from "./KeyChangeDialog";

/** A key's change the server words itself (activate, deactivate, reset-device, extend, ban, unban). */
function changeKey(request: Request, intent: KeyChange, id: number, days: number | undefined) {
  const param = { id: String(id) };
  return adminCall(request, (api) => {
    const key = api.api.keys.keys[":id"];
    if (intent === "extend") return key.extend.$post({ param, json: { days: days as number } });
    return key[intent].$post({ param });
  });
}

export type KeyAction =
  | { intent: "delete"; id: number }
  | { intent: "bulk"; ids: number[] }
  | { intent: "revoke"; id: number }
  | { intent: KeyChange; id: number; days?: number; ban_device?: { value: string; app_id: number | null; reason: string } }
  | ({ intent: "cleanup"; ids: number[] } & Cleanup);

const FAILURE_TEXTS: Record<KeyAction["intent"], string> = {
  delete: "Xóa key thất bại",
  bulk: "Xóa key thất bại",
  cleanup: "Dọn dẹp thất bại",
  revoke: "Cập nhật thất bại",
  activate: "Cập nhật thất bại",
  deactivate: "Cập nhật thất bại",
  "reset-device": "Cập nhật thất bại",
  extend: "Cập nhật thất bại",
  ban: "Cập nhật thất bại",
  unban: "Cập nhật thất bại",
};

/** One change of the list, told in a toast; a refusal's answer says why. */
export async function runKeyAction(request: Request, appId: string | undefined, action: KeyAction): Promise<ActionResult> {
  try {
    if (action.intent === "delete") {
      await adminCall(request, (api) => api.api.keys.keys[":id"].$delete({ param: { id: String(action.id) } }));
      toast.success("Đã xóa key!");
    } else if (action.intent === "bulk") {
      const body = await adminCall(request, (api) => api.api.keys.keys["bulk-delete"].$post({ json: { key_ids: action.ids } }));
      toast.success(`Đã xóa ${formatNumber(body.data.deleted_count)} key!`);
    } else if (action.intent === "revoke") {
      const body = await adminCall(request, (api) => api.api.keys.keys[":id"]["update-status"].$patch({ param: { id: String(action.id) }, json: { status: "revoked" } }));
      toast.success(body.message || "Key status updated successfully!");
    } else if (action.intent !== "cleanup") {
      // activate, deactivate, reset-device, extend, ban, unban: the server says what it did.
      const body = await changeKey(request, action.intent, action.id, action.days);
      toast.success(body.message);
      // The key's phone too, when the admin ticked it: POST /api/admin/bans/.
      if (action.intent === "ban" && action.ban_device) {
        const { value, app_id, reason } = action.ban_device;
        const banned = await adminCall(request, (api) => api.api.admin.bans.$post({ json: { kind: "device", value, app_id, reason } }));
        toast.success(banned.message);
      }
    } else {
      const param = appParam(appId);
      const body =
        action.mode === "sold"
          ? await adminCall(request, (api) => api.api.keys.apps[":app"]["cleanup-sold"].$post({ param }))
          : action.mode === "status"
            ? await adminCall(request, (api) => api.api.keys.apps[":app"]["cleanup-by-status"].$post({ param, json: { status: action.status } }))
            : await adminCall(request, (api) => api.api.keys.keys["bulk-delete"].$post({ json: { key_ids: action.ids } }));
      toast.success(`Đã dọn dẹp ${formatNumber(body.data.deleted_count)} key!`);
    }
    return { ok: true, data: null };
  } catch (error) {
    return keyActionFailure(error, request, FAILURE_TEXTS[action.intent]);
  }
}
