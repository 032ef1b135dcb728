// The admin's key list (app/routes/admin.app.$appId.keys.list/route.tsx): a page of an app's keys
// with their stats, and the changes the list sends (delete, bulk delete, revoke, cleanup, and the
// changes the server words itself), each told in a toast.
import { redirectTo } from "~/ui/forms/redirect-response";
import { type ActionResult, adminCall, adminCallFailure } from "~/owner/admin-route";
import { formatNumber } from "@workers/shared/format";
import { toast } from "~/ui/toast";
import type { AdminKey, AdminKeyPage, KeyStats } from "@workers/licensing/key-admin";
import { keyActionFailure } from "./key-data";
import type { Cleanup } from "./CleanupModal";
import type { KeyChange } from "./KeyChangeDialog";

type KeyPage = Omit<AdminKeyPage, "keys"> & { data: AdminKey[] };
export type KeyList = { list: KeyPage; stats: KeyStats | null };

const PAGE_SIZE = 100;
const EMPTY_PAGE: KeyPage = { data: [], count: 0, page: 1, page_size: PAGE_SIZE, total_pages: 0 };

/** The app a `/api/keys/apps/:app/…` path names, as the route's address carries it. */
function appParam(appId: string | undefined): { app: string } {
  return { app: encodeURIComponent(appId ?? "") };
}

/** A key's change the server words itself (activate, deactivate, reset-device, extend, ban, unban). */
function changeKey(request: Request, intent: KeyChange, id: number, days: number | undefined) {
  const param = { id: String(id) };
  return adminCall(request, (api) => {
    const key = api.api.keys.keys[":id"];
    if (intent === "extend") return key.extend.$post({ param, json: { days: days as number } });
    return key[intent].$post({ param });
  });
}

/** A page of the app's keys, as the address asks (status, page), with the app's stats. */
export async function loadKeyList(request: Request, appId: string | undefined): Promise<KeyList> {
  const url = new URL(request.url);
  const status = url.searchParams.get("status") ?? "";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const query = { page: String(page), page_size: String(PAGE_SIZE), ...(status ? { status } : {}) };
  const param = appParam(appId);
  try {
    const [answer, stats] = await Promise.all([
      adminCall(request, (api) => api.api.keys.apps[":app"].keys.$get({ param, query })),
      adminCall(request, (api) => api.api.keys.apps[":app"].stats.$get({ param })).catch(() => null),
    ]);
    // Asked with a page, the route answers one; without, every key (read as a single page).
    const list: KeyPage = "total_pages" in answer ? answer : { ...answer, page: 1, page_size: answer.count, total_pages: 1 };
    // A page past the end after deletions: go back to the last one.
    if (list.total_pages > 0 && page > list.total_pages) {
      url.searchParams.set("page", String(list.total_pages));
      throw redirectTo(url.pathname + url.search);
    }
    return { list, stats: stats?.data ?? null };
  } catch (error) {
    toast.error(`Lỗi khi tải dữ liệu: ${adminCallFailure(error, request, "Lỗi khi tải dữ liệu")}`);
    return { list: EMPTY_PAGE, stats: null };
  }
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
