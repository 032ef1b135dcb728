// Data only, no screen: the wallet ledger of one user, which the user detail dialog on
// /admin/users loads with a fetcher when it opens.
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { adminCallFailure, adminFetch } from "~/lib/admin-route";
import { toast } from "~/lib/toast";

export type Transaction = {
  id: number;
  transaction_type: string;
  amount: number;
  formatted_amount: string;
  description: string | null;
  balance_before: number;
  balance_after: number;
  created_at: string;
};

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs): Promise<{ transactions: Transaction[] }> {
  try {
    const body = await adminFetch<{ transactions: Transaction[] }>(request, `/api/admin/users/${encodeURIComponent(params.userId ?? "")}/transactions/`);
    return { transactions: body.transactions ?? [] };
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tải lịch sử giao dịch"));
    return { transactions: [] };
  }
}

/** Nothing to show: Remix's server build expects every route module to export a component. */
export default function NoScreen() {
  return null;
}
