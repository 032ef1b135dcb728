// /admin (spec §2 "Admin app list"): search by name, developer or bundle id, the type filter,
// the table and its row actions (view, edit, keys, delete with confirmation). The list loads in
// clientLoader; a delete goes through clientAction and the list reloads after it.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, Link, useLoaderData } from "@remix-run/react";
import { useMemo, useState } from "react";
import { ActionsCell, AdminPage, Badge, BUTTON_PRIMARY, BUTTON_SECONDARY, BUTTON_SMALL, ConfirmDialog, EmptyRow, SELECT_CLASS, TABLE_WRAP, TD, TH } from "~/components/admin/AdminShell";
import { AppIcon } from "~/components/AppIcon";
import { inputClass } from "~/components/Field";
import { TypeBadge } from "~/components/TypeBadge";
import { useActionFetcher } from "~/lib/admin-fetcher";
import { type ActionResult, actionFailure, adminCallFailure, adminFetch, jsonBody } from "~/lib/admin-route";
import { APP_FORM_MESSAGES, APP_TYPES, matchesSearch } from "../../workers/shared/app-form";
import { appTypeLabel } from "~/lib/app-types";
import { formatDate, formatNumber } from "../../workers/shared/format";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import type { AdminApp } from "../../workers/services/app-admin";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Quản lý ứng dụng");

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ apps: AdminApp[] }> {
  try {
    return { apps: (await adminFetch<{ data: AdminApp[] }>(request, "/api/apps/admin/list/")).data };
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tải danh sách ứng dụng"));
    return { apps: [] };
  }
}

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<ActionResult> {
  const { id } = await jsonBody<{ id: number }>(request);
  try {
    await adminFetch(request, `/api/apps/delete/${id}/`, { method: "DELETE" });
    toast.success(APP_FORM_MESSAGES.deleted);
    return { ok: true, data: null };
  } catch (error) {
    return actionFailure(error, request, "Không thể xóa ứng dụng");
  }
}

export default function AdminAppsRoute() {
  const { apps } = useLoaderData<typeof clientLoader>();
  const [search, setSearch] = useState("");
  const [type, setType] = useState("all");
  const [deleting, setDeleting] = useState<AdminApp | null>(null);
  const removal = useActionFetcher<ActionResult>(() => setDeleting(null));

  const shown = useMemo(() => apps.filter((app) => (type === "all" || app.app_type === type) && matchesSearch(app, search)), [apps, type, search]);

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
        <label htmlFor="app-search" className="sr-only">
          Tìm ứng dụng
        </label>
        <input
          id="app-search"
          type="search"
          className={`${inputClass(false)} sm:max-w-md`}
          placeholder="Tìm theo tên, nhà phát triển hoặc bundle ID..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label htmlFor="app-type-filter" className="sr-only">
          Loại ứng dụng
        </label>
        <select id="app-type-filter" className={SELECT_CLASS} value={type} onChange={(event) => setType(event.target.value)}>
          <option value="all">Tất cả loại</option>
          {APP_TYPES.map((value) => (
            <option key={value} value={value}>
              {appTypeLabel(value)}
            </option>
          ))}
        </select>
      </div>
      <div className={TABLE_WRAP}>
        <table className="w-full min-w-[52rem] text-sm text-zinc-200" data-testid="app-table">
          <thead className="border-b border-white/5">
            <tr>
              <th className={TH}>Ứng dụng</th>
              <th className={TH}>Loại</th>
              <th className={TH}>Phiên bản</th>
              <th className={`${TH} text-right`}>Lượt tải</th>
              <th className={TH}>Cập nhật</th>
              <th className={`${TH} text-right`}>Thao tác</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {shown.length === 0 && <EmptyRow colSpan={6}>{apps.length ? "Không tìm thấy ứng dụng nào." : "Chưa có ứng dụng nào."}</EmptyRow>}
            {shown.map((app) => (
              <tr key={app.id} data-app-id={app.id}>
                <td className={TD}>
                  <div className="flex items-center gap-3">
                    <AppIcon name={app.name} src={app.icon_url} size="sm" />
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
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Xóa ứng dụng"
        message={
          <>
            Xóa <strong className="text-white">{deleting?.name}</strong> cùng tệp, icon, media và key của nó?
          </>
        }
        busy={removal.busy}
        onConfirm={() => deleting && removal.submitJson({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}
