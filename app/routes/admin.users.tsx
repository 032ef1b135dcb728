// /admin/users (docs/product.md §2 "Admin users"): stats, search, the user table, a detail dialog with the
// wallet ledger, and the balance adjustment dialog (docs/product.md §5 "Balance adjustment"). Stats, the page
// of users (?search=, ?page=) and the ledger of the user whose detail is open (?user=) load in
// clientLoader; an adjustment goes through clientAction.
// The CSV exports download from here too (ExportDownloads). The screen is app/accounts/admin/UsersScreen.tsx.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useLoaderData } from "@remix-run/react";
import { actionFailure, adminCall, adminCallFailure, jsonBody } from "~/owner/admin-route";
import { ApiError } from "~/platform/api";
import { pageMeta } from "~/ui/meta";
import { type AdjustResult, type Adjustment, type Ledger, PAGE_SIZE } from "~/accounts/admin/users";
import { UsersScreen } from "~/accounts/admin/UsersScreen";
import { toast } from "~/ui/toast";
import type { UsersPage, UserStats as Stats } from "@workers/accounts/user-admin";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Quản lý người dùng");


/** ?user= names the user whose detail dialog is open. */
function detailUserId(params: URLSearchParams): number | null {
  const id = Number(params.get("user"));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

async function ledgerOf(request: Request, userId: number | null): Promise<Ledger | null> {
  if (userId === null) return null;
  try {
    const body = await adminCall(request, (api) => api.api.admin.users[":id"].transactions.$get({ param: { id: String(userId) } }));
    return { userId, transactions: body.transactions ?? [] };
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tải lịch sử giao dịch"));
    return { userId, transactions: [] };
  }
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ stats: Stats | null; list: UsersPage | null; ledger: Ledger | null }> {
  const url = new URL(request.url);
  const search = url.searchParams.get("search")?.trim() ?? "";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const query = { page: String(page), page_size: String(PAGE_SIZE), ...(search ? { search } : {}) };
  // Each part fails on its own, with its own message, as before.
  const [stats, list, ledger] = await Promise.all([
    adminCall(request, (api) => api.api.admin.users.stats.$get()).then(
      (body) => body.stats,
      (error) => {
        toast.error(adminCallFailure(error, request, "Không thể tải thống kê"));
        return null;
      },
    ),
    adminCall(request, (api) => api.api.admin.users.$get({ query })).catch((error) => {
      toast.error(adminCallFailure(error, request, "Không thể tải danh sách người dùng"));
      return null;
    }),
    ledgerOf(request, detailUserId(url.searchParams)),
  ]);
  return { stats, list, ledger };
}

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<AdjustResult> {
  const { userId, key, body } = await jsonBody<Adjustment>(request);
  try {
    const answer = await adminCall(request, (api) => api.api.admin.users[":id"]["adjust-balance"].$post({ param: { id: String(userId) }, json: body }), { headers: { "Idempotency-Key": key } });
    toast.success(answer.message || "Điều chỉnh số dư thành công");
    return { ok: true };
  } catch (error) {
    const definite = error instanceof ApiError && error.status >= 400 && error.status < 500;
    // A refusal with field errors is told by the dialog's summary only.
    return { ...actionFailure(error, request, "Điều chỉnh số dư thất bại", undefined, { shownInForm: true }), definite };
  }
}

export default function AdminUsersRoute() {
  return <UsersScreen {...useLoaderData<typeof clientLoader>()} />;
}
