// /admin (spec §2 "Admin app list"): search by name, developer or bundle id, the type filter,
// the table and its row actions (view, edit, keys, delete with confirmation).
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import {
  AdminGuard,
  AdminPage,
  Badge,
  BUTTON_PRIMARY,
  BUTTON_SECONDARY,
  BUTTON_SMALL,
  ConfirmDialog,
  EmptyRow,
  SELECT_CLASS,
  TABLE_WRAP,
  TD,
  TH,
  useAdminError, ActionsCell } from "~/components/admin/AdminShell";
import { AppIcon } from "~/components/AppIcon";
import { inputClass } from "~/components/Field";
import { Spinner } from "~/components/Spinner";
import { TypeBadge } from "~/components/TypeBadge";
import { APP_FORM_MESSAGES, APP_TYPES, matchesSearch } from "../../workers/shared/app-form";
import { appTypeLabel } from "~/lib/app-types";
import { apiFetch } from "~/lib/api";
import { formatDate, formatNumber } from "../../workers/shared/format";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import type { AdminApp } from "../../workers/services/app-admin";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Quản lý ứng dụng");

function AppList() {
  const [apps, setApps] = useState<AdminApp[] | null>(null);
  const [search, setSearch] = useState("");
  const [type, setType] = useState("all");
  const [version, setVersion] = useState(0);
  const [deleting, setDeleting] = useState<AdminApp | null>(null);
  const [busy, setBusy] = useState(false);
  const handleError = useAdminError();

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<{ data: AdminApp[] }>("/api/apps/admin/list/", { auth: true, signal: controller.signal })
      .then((body) => setApps(body.data))
      .catch((error) => {
        if (controller.signal.aborted) return;
        handleError(error, "Không thể tải danh sách ứng dụng");
        setApps([]);
      });
    return () => controller.abort();
  }, [version, handleError]);

  const shown = useMemo(() => (apps ?? []).filter((app) => (type === "all" || app.app_type === type) && matchesSearch(app, search)), [apps, type, search]);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await apiFetch(`/api/apps/delete/${deleting.id}/`, { method: "DELETE", auth: true });
      toast.success(APP_FORM_MESSAGES.deleted);
      setDeleting(null);
      setVersion((value) => value + 1);
    } catch (error) {
      handleError(error, "Không thể xóa ứng dụng");
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminPage
      title="Quản lý ứng dụng"
      subtitle={apps ? `${formatNumber(shown.length)} / ${formatNumber(apps.length)} ứng dụng` : undefined}
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
        {apps === null && <Spinner className="h-4 w-4 text-indigo-400" />}
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
            {apps !== null && shown.length === 0 && <EmptyRow colSpan={6}>{apps.length ? "Không tìm thấy ứng dụng nào." : "Chưa có ứng dụng nào."}</EmptyRow>}
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
        busy={busy}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}

export default function AdminAppsRoute() {
  return (
    <AdminGuard>
      <AppList />
    </AdminGuard>
  );
}
