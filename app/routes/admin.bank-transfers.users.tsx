// Data only, no screen: the users whose e-mail or username matches ?search= (ten at most), for
// the credit dialog on /admin/bank-transfers, loaded with a fetcher when the admin searches.
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { adminCallFailure, adminFetch } from "~/lib/admin-route";
import { toast } from "~/lib/toast";

export type FoundUser = { id: number; username: string; email: string; full_name: string; formatted_balance: string };

/** null when the search failed (its message was shown). */
export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ users: FoundUser[] | null }> {
  const search = new URL(request.url).searchParams.get("search") ?? "";
  try {
    const body = await adminFetch<{ users: FoundUser[] }>(request, `/api/admin/users/?${new URLSearchParams({ search, page_size: "10" })}`);
    return { users: body.users ?? [] };
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tìm người dùng"));
    return { users: null };
  }
}

/** Nothing to show: Remix's server build expects every route module to export a component. */
export default function NoScreen() {
  return null;
}
