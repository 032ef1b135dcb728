// The data of the promotion screen, which both /admin/promotions and /admin/simple-promotions
// show: the list (filtered by ?status= and ?search=) and the create/update/delete actions.
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs } from "@remix-run/react";
import type { PublicPromotion } from "@workers/money/promotion-admin";
import type { z } from "zod";
import type { promotionSchema } from "@workers/money/schemas/promotions";
import { type ActionResult, actionFailure, adminCall, adminCallFailure, jsonBody } from "../../owner/admin-route";
import { ApiError } from "../../platform/api";
import { toast } from "../../ui/toast";

export type Promotion = PublicPromotion;

function isNetwork(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkError;
}

export async function promotionsLoader({ request }: ClientLoaderFunctionArgs): Promise<{ promotions: Promotion[] }> {
  const url = new URL(request.url);
  const status = url.searchParams.get("status") || undefined;
  const search = url.searchParams.get("search")?.trim() || undefined;
  try {
    const body = await adminCall(request, (api) => api.api.promotions.$get({ query: { status, search } }));
    return { promotions: body.data ?? [] };
  } catch (error) {
    adminCallFailure(error, request, ""); // 401 and 403 redirect; other failures show this screen's own words
    toast.error(isNetwork(error) ? "Lỗi khi tải danh sách khuyến mãi" : "Không thể tải danh sách khuyến mãi");
    return { promotions: [] };
  }
}

/** What the promotion form sends: the body the API's promotion schema reads. */
export type PromotionBody = z.input<typeof promotionSchema>;
type PromotionAction = { intent: "create"; body: PromotionBody } | { intent: "update"; id: number; body: PromotionBody } | { intent: "delete"; id: number };

export async function promotionsAction({ request }: ClientActionFunctionArgs): Promise<ActionResult> {
  const action = await jsonBody<PromotionAction>(request);
  try {
    if (action.intent === "delete") {
      await adminCall(request, (api) => api.api.promotions[":id"].$delete({ param: { id: String(action.id) } }));
      toast.success("Đã xóa khuyến mãi!");
    } else if (action.intent === "update") {
      await adminCall(request, (api) => api.api.promotions[":id"].$put({ param: { id: String(action.id) }, json: action.body }));
      toast.success("Cập nhật khuyến mãi thành công!");
    } else {
      await adminCall(request, (api) => api.api.promotions.$post({ json: action.body }));
      toast.success("Tạo khuyến mãi thành công!");
    }
    return { ok: true, data: null };
  } catch (error) {
    // A used promotion is refused with why (409, workers/money/promotion-admin.ts): the admin reads it.
    const refusedWhy = (message: string) => (error instanceof ApiError && error.status === 409 ? message : "Không thể xóa khuyến mãi");
    if (action.intent === "delete") return actionFailure(error, request, "Không thể xóa khuyến mãi", (message) => (isNetwork(error) ? "Lỗi khi xóa khuyến mãi" : refusedWhy(message)));
    return actionFailure(error, request, "Có lỗi xảy ra", (message) => (isNetwork(error) ? "Lỗi kết nối" : message || "Có lỗi xảy ra"));
  }
}
