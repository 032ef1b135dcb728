// The admin's key list (app/routes/admin.app.$appId.keys.list/route.tsx): a page of an app's keys
// with their stats. The changes the list sends are ./key-list-actions.ts.
import { redirectTo } from "~/ui/forms/redirect-response";
import { adminCall, adminCallFailure } from "~/owner/admin-route";
import { toast } from "~/ui/toast";
import type { AdminKey, AdminKeyPage, KeyStats } from "@workers/licensing/key-admin";

type KeyPage = Omit<AdminKeyPage, "keys"> & { data: AdminKey[] };
export type KeyList = { list: KeyPage; stats: KeyStats | null };

const PAGE_SIZE = 100;
const EMPTY_PAGE: KeyPage = { data: [], count: 0, page: 1, page_size: PAGE_SIZE, total_pages: 0 };

/** The app a `/api/keys/apps/:app/…` path names, as the route's address carries it. */
export function appParam(appId: string | undefined): { app: string } {
  return { app: encodeURIComponent(appId ?? "") };
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
