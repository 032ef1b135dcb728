// /admin (docs/product.md §2 "Admin app list"): search by name, developer or bundle id, the type filter,
// the table and its row actions (view, edit, keys, delete with confirmation). The list loads in
// clientLoader; a delete goes through clientAction and the list reloads after it.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useMemo, useState } from "react";
import { AdminPage, Badge, BUTTON_PRIMARY, BUTTON_SECONDARY, BUTTON_SMALL } from "~/owner/AdminShell";
import { ACTIONS_COLUMN, ActionsCell, AdminTable, FilterSelect, RIGHT, SearchInput, TD } from "~/owner/AdminTable";
import { ConfirmDialog } from "~/owner/AdminDialogs";
import { AppIcon } from "~/catalogue/AppIcon";
import { TypeBadge } from "~/catalogue/TypeBadge";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { type ActionResult, actionFailure, adminCall, adminCallFailure, jsonBody } from "~/owner/admin-route";
import { matchesSearch } from "@workers/shared/search";
import { APP_TYPE_VALUES, appTypeLabel } from "~/catalogue/app-types";
import { formatDate, formatNumber } from "@workers/shared/format";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";
import type { AdminApp } from "@workers/catalogue/app-admin";

const TYPE_OPTIONS = APP_TYPE_VALUES.map((value) => ({ value, label: appTypeLabel(value) }));

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Quản lý ứng dụng");

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ apps: AdminApp[] }> {
  try {
    return { apps: (await adminCall(request, (api) => api.api.apps.admin.list.$get())).data };
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tải danh sách ứng dụng"));
    return { apps: [] };
  }
}

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<ActionResult> {
  const { id } = await jsonBody<{ id: number }>(request);
  try {
    // The server's own words for it (APP_FORM_MESSAGES.deleted), in the page's Vietnamese.
    const answer = await adminCall(request, (api) => api.api.apps.delete[":id"].$delete({ param: { id: String(id) } }));
    toast.success(answer.message);
    return { ok: true, data: null };
  } catch (error) {
    return actionFailure(error, request, "Không thể xóa ứng dụng");
  }
}

export default function AdminAppsRoute() {
  const { apps } = useLoaderData<typeof clientLoader>();
  const [search, setSearch] = useState("");
  const [type, setType] = useState("");
  const [deleting, setDeleting] = useState<AdminApp | null>(null);
  const removal = useFetcher<typeof clientAction>();
  useFetcherAnswer(removal, (answer) => answer.ok && setDeleting(null));

  const shown = useMemo(() => apps.filter((app) => (!type || app.app_type === type) && matchesSearch(app, search)), [apps, type, search]);

  return (
    <AdminPage
      title="Quản lý ứng dụng"
      subtitle={`${formatNumber(shown.length)} / ${formatNumber(apps.length)} ứng dụng`}
      actions={
        <>
          <Link to="/admin/users" className={BUTTON_SECONDARY}>
            Người dùng
          </Link>
          <Link to="/admin/app/new" className={BUTTON_PRIMARY}>
            + Thêm ứng dụng
          </Link>
        </>
      }
    >
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchInput id="app-search" label="Tìm ứng dụng" className="sm:max-w-md" placeholder="Tìm theo tên, nhà phát triển hoặc bundle ID..." value={search} onValue={setSearch} />
        <FilterSelect id="app-type-filter" label="Loại ứng dụng" allLabel="Tất cả loại" options={TYPE_OPTIONS} value={type} onValue={setType} />
      </div>
      <AdminTable
        testId="app-table"
        minWidth="min-w-[52rem]"
        columns={["Ứng dụng", "Loại", "Phiên bản", RIGHT("Lượt tải"), "Cập nhật", ACTIONS_COLUMN]}
        empty={shown.length === 0 && (apps.length ? "Không tìm thấy ứng dụng nào." : "Chưa có ứng dụng nào.")}
      >
        {shown.map((app) => (
          <tr key={app.id} data-app-id={app.id}>
            <td className={TD}>
              <div className="flex items-center gap-3">
                <AppIcon name={app.name} src={app.icon_url} variants={app.icon_variants} width={app.icon_width} size="sm" />
                <div className="min-w-0">
                  <p className="truncate font-medium text-white">
                    {app.name} {app.status === "failed" && <Badge tone="bg-red-500/15 text-red-300 ring-red-400/30">Ẩn (failed)</Badge>}
                  </p>
                  <p className="truncate text-xs text-zinc-400">
                    {app.developer} · {app.bundle_identifier}
                  </p>
                </div>
              </div>
            </td>
            <td className={TD}>
              <TypeBadge type={app.app_type} />
            </td>
            <td className={`${TD} whitespace-nowrap`}>{app.version || "—"}</td>
            <td className={`${TD} text-right`}>{formatNumber(app.download_count)}</td>
            <td className={`${TD} whitespace-nowrap`}>{formatDate(app.updated_at)}</td>
            <ActionsCell>
              <Link to={app.url ? `/${app.url}` : `/app/${app.id}`} className={BUTTON_SMALL}>
                Xem
              </Link>
              <Link to={`/admin/app/${app.id}/edit`} className={BUTTON_SMALL}>
                Sửa
              </Link>
              <Link to={`/admin/app/${app.url || app.id}/keys`} className={BUTTON_SMALL}>
                Key
              </Link>
              <button type="button" className={`${BUTTON_SMALL} text-red-300 hover:bg-red-500/10`} onClick={() => setDeleting(app)}>
                Xóa
              </button>
            </ActionsCell>
          </tr>
        ))}
      </AdminTable>
      <ConfirmDialog
        open={deleting !== null}
        title="Xóa ứng dụng"
        message={
          <>
            Xóa <strong className="text-white">{deleting?.name}</strong> cùng tệp, icon, media và key của nó?
          </>
        }
        busy={removal.state !== "idle"}
        onConfirm={() => deleting && removal.submit({ id: deleting.id }, { method: "post", encType: "application/json", flushSync: true })}
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}
