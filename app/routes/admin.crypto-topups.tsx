// /admin/crypto-topups: the crypto top-ups (issue 54 item 4) and the review of parked payments. The
// list (?status=) loads in clientLoader; crediting and refusing a parked payment go through
// clientAction, and the list reloads after them. The screen is app/money/admin/CryptoTopupsScreen.tsx.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useLoaderData } from "@remix-run/react";
import { type ActionResult, actionFailure, adminCall, adminCallFailure, jsonBody } from "~/owner/admin-route";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";
import { type CRYPTO_STATUSES, type CryptoTopupRow, CryptoTopupsScreen, cryptoStatusFrom } from "~/money/admin/CryptoTopupsScreen";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Nạp tiền mã hoá");

type Status = (typeof CRYPTO_STATUSES)[number]["value"];

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ list: CryptoTopupRow[] }> {
  const status = cryptoStatusFrom(new URL(request.url).searchParams) as Status | "";
  try {
    const body = await adminCall(request, (api) => api.api.admin.crypto.$get({ query: status ? { status } : {} }));
    return { list: body.data ?? [] };
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tải danh sách nạp tiền mã hoá"));
    return { list: [] };
  }
}

type ReviewAction = { intent: "credit"; id: number; amount: number; note: string } | { intent: "refuse"; id: number; note: string };

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<ActionResult> {
  const action = await jsonBody<ReviewAction>(request);
  const param = { id: String(action.id) };
  try {
    const body =
      action.intent === "credit"
        ? await adminCall(request, (api) => api.api.admin.crypto.payments[":id"].credit.$post({ param, json: { amount: action.amount, note: action.note } }))
        : await adminCall(request, (api) => api.api.admin.crypto.payments[":id"].refuse.$post({ param, json: { note: action.note } }));
    toast.success(body.message || "Đã lưu");
    return { ok: true, data: null };
  } catch (error) {
    return actionFailure(error, request, action.intent === "credit" ? "Không thể cộng tiền" : "Không thể từ chối");
  }
}

export default function AdminCryptoTopupsRoute() {
  return <CryptoTopupsScreen {...useLoaderData<typeof clientLoader>()} />;
}
