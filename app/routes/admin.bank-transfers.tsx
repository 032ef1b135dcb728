// /admin/bank-transfers: bank transfers that matched no top-up (late, cancelled, wrong amount, no
// code), and phone cards parked for review (a success after the card was closed, or no answer from
// the gateway for a day). An admin credits a transfer to a user (found by e-mail or username), a
// card to its owner, or dismisses either with a note. The list (?status=) and the credit dialog's
// user search (?find=) load in clientLoader; crediting and dismissing go through clientAction, and
// the list reloads after them. The screen is app/money/admin/BankTransfersScreen.tsx.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useLoaderData } from "@remix-run/react";
import { type ActionResult, actionFailure, adminCall, adminCallFailure, jsonBody } from "~/owner/admin-route";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";
import { BankTransfersScreen } from "~/money/admin/BankTransfersScreen";
import { type FoundUser, statusFrom, type Transfer } from "~/money/admin/bank-transfers";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Chuyển khoản chưa khớp");

async function transfers(request: Request, status: string): Promise<Transfer[]> {
  try {
    return (await adminCall(request, (api) => api.api.admin["bank-transfers"].$get({ query: status ? { status } : {} }))).data ?? [];
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tải danh sách chuyển khoản"));
    return [];
  }
}

/** The users whose e-mail or username matches ?find= (ten at most); null without a search, or when it failed (its message was shown). */
async function findUsers(request: Request, search: string): Promise<FoundUser[] | null> {
  if (!search) return null;
  try {
    return (await adminCall(request, (api) => api.api.admin.users.$get({ query: { search, page_size: "10" } }))).users ?? [];
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tìm người dùng"));
    return null;
  }
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ list: Transfer[]; found: FoundUser[] | null }> {
  const params = new URL(request.url).searchParams;
  const [list, found] = await Promise.all([transfers(request, statusFrom(params)), findUsers(request, params.get("find")?.trim() ?? "")]);
  return { list, found };
}

type TransferAction = { intent: "credit"; id: number; user_id?: number; note: string } | { intent: "dismiss"; id: number; note: string };

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<ActionResult> {
  const action = await jsonBody<TransferAction>(request);
  try {
    if (action.intent === "dismiss") {
      const body = await adminCall(request, (api) => api.api.admin["bank-transfers"][":id"].dismiss.$post({ param: { id: String(action.id) }, json: { note: action.note } }));
      toast.success(body.message || "Đã bỏ qua giao dịch");
    } else {
      // A parked card goes to its owner: no user_id then.
      const credit = action.user_id === undefined ? { note: action.note } : { user_id: action.user_id, note: action.note };
      const body = await adminCall(request, (api) => api.api.admin["bank-transfers"][":id"].credit.$post({ param: { id: String(action.id) }, json: credit }));
      toast.success(body.message || "Đã cộng tiền");
    }
    return { ok: true, data: null };
  } catch (error) {
    return actionFailure(error, request, action.intent === "dismiss" ? "Không thể bỏ qua giao dịch" : "Không thể cộng tiền");
  }
}

export default function AdminBankTransfersRoute() {
  return <BankTransfersScreen {...useLoaderData<typeof clientLoader>()} />;
}
