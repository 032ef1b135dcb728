// /admin/audit ("Nhật ký", issue #15): the audit log, read-only. The filters (action, actor, dates)
// and the page are the URL's search params, sent as a plain GET form, so the clientLoader loads
// each filtered page; one entry's details open in a dialog. Targets are named as people read them
// and details are labelled values (app/owner/audit-details.ts), the raw JSON one click away (issue #27).
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientLoaderFunctionArgs, Form, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { AdminPage, BUTTON_PRIMARY, BUTTON_SMALL, SELECT_CLASS } from "~/owner/AdminShell";
import { AdminTable, Pager, RIGHT, TD } from "~/owner/AdminTable";
import { Modal } from "~/owner/AdminDialogs";
import { inputClass } from "~/ui/input-class";
import { Spinner } from "~/ui/Spinner";
import { adminCall, adminCallFailure } from "~/owner/admin-route";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from "@workers/shared/audit-actions";
import { formatDateTime, formatNumber } from "@workers/shared/format";
import type { AuditTarget } from "@workers/owner/audit";
import { AUDIT_TARGET_LABELS, detailRows } from "~/owner/audit-details";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Nhật ký");

type AuditEntry = {
  id: number;
  created_at: string;
  actor_user_id: number | null;
  actor_email: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target: AuditTarget | null;
  details: unknown;
  ip_address: string | null;
  user_agent: string | null;
};
type AuditPage = { data: AuditEntry[]; pagination: { page: number; page_size: number; total: number; total_pages: number } };

const PAGE_SIZE = 50;
const FILTERS = ["action", "actor", "from", "to"] as const;

function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as keyof typeof AUDIT_ACTION_LABELS] ?? action;
}

/** What the entry acted on: its kind, its name (now, or as recorded if it is gone) and its id. */
function Target({ target }: { target: AuditTarget | null }) {
  if (!target) return <>—</>;
  return (
    <>
      <span className="block text-xs text-zinc-400">{AUDIT_TARGET_LABELS[target.type] ?? target.type}</span>
      {target.name && <span className="block break-words text-white">{target.name}</span>}
      <span className="block text-xs text-zinc-400">
        ID {target.id}
        {target.exists === false && " · đã xóa"}
      </span>
    </>
  );
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ list: AuditPage | null }> {
  const url = new URL(request.url);
  const params = new URLSearchParams({ page: String(Math.max(1, Number(url.searchParams.get("page")) || 1)), page_size: String(PAGE_SIZE) });
  for (const name of FILTERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) params.set(name, value);
  }
  try {
    return { list: await adminCall(request, (api) => api.api.admin.audit.$get({ query: Object.fromEntries(params) })) };
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tải nhật ký"));
    return { list: null };
  }
}

export default function AdminAuditRoute() {
  const { list } = useLoaderData<typeof clientLoader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const loading = useNavigation().state === "loading";
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const entries = list?.data ?? [];
  // The form's fields start from the URL; a new URL (a filter applied, back/forward) resets them.
  const formKey = FILTERS.map((name) => searchParams.get(name) ?? "").join("|");

  function showPage(page: number) {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(page));
    setSearchParams(params, { preventScrollReset: true });
  }

  return (
    <AdminPage title="Nhật ký" subtitle={list ? `${formatNumber(list.pagination.total)} mục · mỗi thao tác quản trị được ghi lại và không thể sửa hay xóa` : undefined}>
      <Form method="get" key={formKey} className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[14rem_1fr_10rem_10rem_auto] lg:items-end" data-testid="audit-filters">
        <label className="text-sm text-zinc-300">
          <span className="mb-1 block">Hành động</span>
          <select name="action" defaultValue={searchParams.get("action") ?? ""} className={`${SELECT_CLASS} w-full`}>
            <option value="">Tất cả hành động</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]} ({action})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-zinc-300">
          <span className="mb-1 block">Người thực hiện</span>
          <input name="actor" type="search" defaultValue={searchParams.get("actor") ?? ""} placeholder="Email hoặc ID người dùng" className={inputClass(false)} />
        </label>
        <label className="text-sm text-zinc-300">
          <span className="mb-1 block">Từ ngày</span>
          <input name="from" type="date" defaultValue={searchParams.get("from") ?? ""} className={inputClass(false)} />
        </label>
        <label className="text-sm text-zinc-300">
          <span className="mb-1 block">Đến ngày</span>
          <input name="to" type="date" defaultValue={searchParams.get("to") ?? ""} className={inputClass(false)} />
        </label>
        <div className="flex items-center gap-2">
          <button type="submit" className={BUTTON_PRIMARY}>
            Lọc
          </button>
          {loading && <Spinner className="h-4 w-4 text-indigo-400" />}
        </div>
      </Form>
      <AdminTable
        testId="audit-table"
        minWidth="min-w-[52rem]"
        columns={["Thời gian", "Hành động", "Người thực hiện", "Đối tượng", "Địa chỉ IP", RIGHT("Chi tiết")]}
        empty={entries.length === 0 && "Không có mục nào."}
      >
        {entries.map((entry) => (
          <tr key={entry.id} data-audit-id={entry.id}>
            <td className={`${TD} whitespace-nowrap`}>{formatDateTime(entry.created_at)}</td>
            <td className={TD}>
              <p className="font-medium text-white">{actionLabel(entry.action)}</p>
              <p className="font-mono text-xs text-zinc-400">{entry.action}</p>
            </td>
            <td className={`${TD} max-w-[16rem]`}>
              <span className="block truncate">{entry.actor_email || "Không rõ"}</span>
              {entry.actor_user_id !== null && <span className="text-xs text-zinc-400">ID {entry.actor_user_id}</span>}
            </td>
            <td className={`${TD} max-w-[18rem]`} data-testid="audit-target">
              <Target target={entry.target} />
            </td>
            <td className={`${TD} font-mono text-xs whitespace-nowrap`}>{entry.ip_address ?? "—"}</td>
            <td className={`${TD} text-right`}>
              <button type="button" className={BUTTON_SMALL} onClick={() => setOpen(entry)}>
                Xem
              </button>
            </td>
          </tr>
        ))}
      </AdminTable>
      {list && <Pager page={list.pagination.page} totalPages={list.pagination.total_pages} onPage={showPage} />}
      <Modal open={open !== null} onClose={() => setOpen(null)} title={open ? `${actionLabel(open.action)} · #${open.id}` : ""} testId="audit-entry" wide>
        {open && (
          <div className="space-y-3 text-sm text-zinc-300">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              <dt className="text-zinc-400">Thời gian</dt>
              <dd>{formatDateTime(open.created_at)}</dd>
              <dt className="text-zinc-400">Người thực hiện</dt>
              <dd className="break-all">{open.actor_email || "Không rõ"}</dd>
              <dt className="text-zinc-400">Đối tượng</dt>
              <dd className="break-words">
                <Target target={open.target} />
              </dd>
              <dt className="text-zinc-400">Địa chỉ IP</dt>
              <dd className="break-all font-mono text-xs">{open.ip_address ?? "—"}</dd>
              <dt className="text-zinc-400">Trình duyệt</dt>
              <dd className="break-all">{open.user_agent ?? "—"}</dd>
            </dl>
            {detailRows(open.details).length > 0 && (
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 border-t border-white/5 pt-3" data-testid="audit-fields">
                {detailRows(open.details).map((row) => (
                  <div key={row.key} className="contents">
                    <dt className="text-zinc-400">{row.label}</dt>
                    <dd className="break-words text-white">{row.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            <details className="rounded-xl bg-zinc-950">
              <summary className="cursor-pointer px-3 py-2 text-xs text-zinc-300">Xem dữ liệu gốc</summary>
              <pre className="max-h-[50vh] overflow-auto px-3 pb-3 font-mono text-xs text-zinc-200" data-testid="audit-details">
                {JSON.stringify(open.details, null, 2)}
              </pre>
            </details>
          </div>
        )}
      </Modal>
    </AdminPage>
  );
}
