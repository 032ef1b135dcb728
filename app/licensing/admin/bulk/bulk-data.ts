// The bulk change tab's calls (issue 55 item 4): the preview (how many keys, some of them, and the
// token that names exactly them) and the apply of that token.
import { type ActionResult, actionFailure, adminCall } from "~/owner/admin-route";
import { toast } from "~/ui/toast";
import type { BulkPreview } from "@workers/licensing/key-bulk";

type BulkFilter = { app_id: number; key_type_id?: number; state?: string; sold_from?: string; sold_to?: string; batch?: number };
export type BulkChange = "extend" | "shorten" | "ban" | "unban";

export type BulkAction = { intent: "preview"; filter: BulkFilter; action: BulkChange; days?: number } | { intent: "apply"; token: string };

export type BulkResult = { preview: BulkPreview } | { changed: number };

export async function runBulkAction(request: Request, action: BulkAction): Promise<ActionResult<BulkResult>> {
  try {
    if (action.intent === "preview") {
      const { token, count, sample, expires_at } = await adminCall(request, (api) =>
        api.api.admin.keys.bulk.preview.$post({ json: { filter: action.filter, action: action.action, days: action.days } }),
      );
      return { ok: true, data: { preview: { token, count, sample, expires_at } } };
    }
    const body = await adminCall(request, (api) => api.api.admin.keys.bulk.apply.$post({ json: { token: action.token } }));
    toast.success(body.message);
    return { ok: true, data: { changed: body.changed } };
  } catch (error) {
    return actionFailure(error, request, action.intent === "preview" ? "Xem trước thất bại" : "Áp dụng thất bại", (message) => message);
  }
}
