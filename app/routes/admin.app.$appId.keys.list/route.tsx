// /admin/app/{appId}/keys/list: the key list tab (docs/product.md §2, §4 "Key status", "Cleanup modes"):
// stats, the status filter and pages of 100 (an app may hold 10,000 keys) in the address and
// loaded by clientLoader; ticking, bulk delete, per-key detail/revoke/delete and cleanup go
// through clientAction, after which the list, the stats and the pricing stock reload. So do an
// unsold key's activate/deactivate and a sold key's device reset, extension, ban and unban.
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useFetcher, useLoaderData, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { redirectTo } from "~/ui/forms/redirect-response";
import { useState } from "react";
import { useFilterSubmit } from "~/ui/forms/filter-form";
import { ACTIONS_COLUMN, ActionsCell, AdminTable, BUTTON_DANGER, BUTTON_SECONDARY, BUTTON_SMALL, ConfirmDialog, FilterSelect, Pager, StatCard, TD } from "~/owner/AdminShell";
import { Spinner } from "~/ui/Spinner";
import { choices, KEY_STATUS_LABELS, toggleAll } from "~/owner/admin";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { type ActionResult, adminCall, adminCallFailure, jsonBody } from "~/owner/admin-route";
import { formatDateTime, formatNumber, formatVND } from "@workers/shared/format";
import { toast } from "~/ui/toast";
import { keyActionFailure } from "../../licensing/admin/key-data";
import { type Cleanup, CleanupModal } from "../../licensing/admin/CleanupModal";
import { type KeyChange, KeyChangeDialog } from "../../licensing/admin/KeyChangeDialog";
import { KeyDetailModal } from "../../licensing/admin/KeyDetailModal";
import type { AdminKey, AdminKeyPage, KeyStats } from "@workers/licensing/key-admin";
import { StatusBadge } from "../../licensing/admin/StatusBadge";
import { KEY_STATUSES } from "@workers/shared/enums";

type KeyPage = Omit<AdminKeyPage, "keys"> & { data: AdminKey[] };

const PAGE_SIZE = 100;
const EMPTY_PAGE: KeyPage = { data: [], count: 0, page: 1, page_size: PAGE_SIZE, total_pages: 0 };

/** The app a `/api/keys/apps/:app/…` path names, as the route's address carries it. */
function appParam(appId: string | undefined): { app: string } {
  return { app: encodeURIComponent(appId ?? "") };
}

/** A key's change the server words itself (activate, deactivate, reset-device, extend, ban, unban). */
function changeKey(request: Request, intent: KeyChange, id: number, days: number | undefined) {
  const param = { id: String(id) };
  return adminCall(request, (api) => {
    const key = api.api.keys.keys[":id"];
    if (intent === "extend") return key.extend.$post({ param, json: { days: days as number } });
    return key[intent].$post({ param });
  });
}

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs): Promise<{ list: KeyPage; stats: KeyStats | null }> {
  const url = new URL(request.url);
  const status = url.searchParams.get("status") ?? "";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const query = { page: String(page), page_size: String(PAGE_SIZE), ...(status ? { status } : {}) };
  const param = appParam(params.appId);
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

type KeyAction =
  | { intent: "delete"; id: number }
  | { intent: "bulk"; ids: number[] }
  | { intent: "revoke"; id: number }
  | { intent: KeyChange; id: number; days?: number }
  | ({ intent: "cleanup"; ids: number[] } & Cleanup);

const FAILURE_TEXTS: Record<KeyAction["intent"], string> = {
  delete: "Xóa key thất bại",
  bulk: "Xóa key thất bại",
  cleanup: "Dọn dẹp thất bại",
  revoke: "Cập nhật thất bại",
  activate: "Cập nhật thất bại",
  deactivate: "Cập nhật thất bại",
  "reset-device": "Cập nhật thất bại",
  extend: "Cập nhật thất bại",
  ban: "Cập nhật thất bại",
  unban: "Cập nhật thất bại",
};

export async function clientAction({ request, params }: ClientActionFunctionArgs): Promise<ActionResult> {
  const action = await jsonBody<KeyAction>(request);
  try {
    if (action.intent === "delete") {
      await adminCall(request, (api) => api.api.keys.keys[":id"].$delete({ param: { id: String(action.id) } }));
      toast.success("Đã xóa key!");
    } else if (action.intent === "bulk") {
      const body = await adminCall(request, (api) => api.api.keys.keys["bulk-delete"].$post({ json: { key_ids: action.ids } }));
      toast.success(`Đã xóa ${formatNumber(body.data.deleted_count)} key!`);
    } else if (action.intent === "revoke") {
      const body = await adminCall(request, (api) => api.api.keys.keys[":id"]["update-status"].$patch({ param: { id: String(action.id) }, json: { status: "revoked" } }));
      toast.success(body.message || "Key status updated successfully!");
    } else if (action.intent !== "cleanup") {
      // activate, deactivate, reset-device, extend, ban, unban: the server says what it did.
      const body = await changeKey(request, action.intent, action.id, action.days);
      toast.success(body.message);
    } else {
      const param = appParam(params.appId);
      const body =
        action.mode === "sold"
          ? await adminCall(request, (api) => api.api.keys.apps[":app"]["cleanup-sold"].$post({ param }))
          : action.mode === "status"
            ? await adminCall(request, (api) => api.api.keys.apps[":app"]["cleanup-by-status"].$post({ param, json: { status: action.status } }))
            : await adminCall(request, (api) => api.api.keys.keys["bulk-delete"].$post({ json: { key_ids: action.ids } }));
      toast.success(`Đã dọn dẹp ${formatNumber(body.data.deleted_count)} key!`);
    }
    return { ok: true, data: null };
  } catch (error) {
    return keyActionFailure(error, request, FAILURE_TEXTS[action.intent]);
  }
}

const STATUS_CHOICES = choices(KEY_STATUSES, KEY_STATUS_LABELS);

type Pending = { kind: "delete"; key: AdminKey } | { kind: "bulk" } | { kind: "revoke"; key: AdminKey } | { kind: KeyChange; key: AdminKey };

const isKeyChange = (pending: Pending | null): pending is { kind: KeyChange; key: AdminKey } =>
  pending !== null && pending.kind !== "delete" && pending.kind !== "bulk" && pending.kind !== "revoke";

export default function KeyListRoute() {
  const { list, stats } = useLoaderData<typeof clientLoader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get("status") ?? "";
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading = navigation.state === "loading" || revalidator.state === "loading";
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // The key shown in the detail, by id: after a change it shows the reloaded row.
  // ?key= (the licence health screen's link) opens that key's detail.
  const [detailId, setDetailId] = useState<number | null>(() => Number(searchParams.get("key")) || null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [cleanupOpen, setCleanupOpen] = useState(false);
  const change = useFetcher<typeof clientAction>();
  const busy = change.state !== "idle";
  useFetcherAnswer(change, (answer) => {
    if (!answer.ok) return;
    if (pending?.kind === "delete") setSelected((current) => toggleAll(current, [pending.key.id], false));
    if (pending?.kind === "bulk" || cleanupOpen) setSelected(new Set());
    if (!isKeyChange(pending)) setDetailId(null);
    setPending(null);
    setCleanupOpen(false);
  });

  const applyFilter = useFilterSubmit();

  // Another status starts over: first page (the form holds no page), nothing ticked.
  function showStatus(form: HTMLFormElement | null) {
    setSelected(new Set());
    applyFilter(form);
  }

  function showPage(page: number) {
    setSearchParams(
      (params) => {
        if (page > 1) params.set("page", String(page));
        else params.delete("page");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  const keys = list.data;
  const detail = keys.find((key) => key.id === detailId) ?? null;
  const pageIds = keys.map((key) => key.id);
  const allTicked = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  function tick(id: number, on: boolean) {
    setSelected((current) => toggleAll(current, [id], on));
  }

  function askBulkDelete() {
    if (selected.size === 0) {
      toast.error("Vui lòng chọn ít nhất một key để xóa!");
      return;
    }
    setPending({ kind: "bulk" });
  }

  function confirmPending() {
    if (!pending) return;
    if (pending.kind === "bulk") change.submit({ intent: "bulk", ids: [...selected] }, { method: "post", encType: "application/json", flushSync: true });
    else change.submit({ intent: pending.kind, id: pending.key.id }, { method: "post", encType: "application/json", flushSync: true });
  }

  function confirmChange(days?: number) {
    if (isKeyChange(pending)) change.submit({ intent: pending.kind, id: pending.key.id, ...(days === undefined ? {} : { days }) }, { method: "post", encType: "application/json", flushSync: true });
  }

  return (
    <section aria-labelledby="keys-heading">
      {stats && (
        <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="key-stats">
          <StatCard label="Tổng key" value={formatNumber(stats.total_keys)} />
          <StatCard label={KEY_STATUS_LABELS.available} value={formatNumber(stats.available_keys)} tone="text-emerald-300" />
          <StatCard label={KEY_STATUS_LABELS.sold} value={formatNumber(stats.sold_keys)} tone="text-indigo-300" />
          <StatCard label={KEY_STATUS_LABELS.used} value={formatNumber(stats.used_keys)} tone="text-sky-300" />
          <StatCard label={KEY_STATUS_LABELS.expired} value={formatNumber(stats.expired_keys)} tone="text-amber-300" />
          <StatCard label="Doanh thu" value={formatVND(stats.total_revenue)} />
        </div>
      )}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="keys-heading" className="text-lg font-bold text-white">
            Danh sách key
          </h2>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              showStatus(event.currentTarget);
            }}
          >
            <FilterSelect id="key-status-filter" name="status" label="Lọc theo trạng thái" allLabel="Tất cả trạng thái" options={STATUS_CHOICES} value={status} onValue={(_, form) => showStatus(form)} />
          </form>
          {loading && <Spinner className="h-4 w-4 text-indigo-400" />}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={BUTTON_SECONDARY} onClick={() => revalidator.revalidate()}>
            Tải lại
          </button>
          <button type="button" className={BUTTON_SECONDARY} onClick={() => setCleanupOpen(true)}>
            Dọn dẹp
          </button>
          <button type="button" className={BUTTON_DANGER} onClick={askBulkDelete}>
            Xóa đã chọn ({formatNumber(selected.size)})
          </button>
        </div>
      </div>
      <AdminTable
        testId="key-table"
        minWidth="min-w-[52rem]"
        columns={[
          {
            label: (
              <input
                type="checkbox"
                aria-label="Chọn tất cả key trên trang"
                checked={allTicked}
                onChange={(event) => setSelected((current) => toggleAll(current, pageIds, event.target.checked))}
                className="h-4 w-4 accent-indigo-500"
              />
            ),
            className: "w-10",
          },
          "Mã key",
          "Loại",
          "Trạng thái",
          "Lô",
          "Ngày tạo",
          ACTIONS_COLUMN,
        ]}
        empty={keys.length === 0 && "Không có key nào."}
      >
        {keys.map((key) => (
          <tr key={key.id} data-key-id={key.id} data-key-status={key.status}>
            <td className={TD}>
              <input type="checkbox" aria-label={`Chọn key ${key.key_code}`} checked={selected.has(key.id)} onChange={(event) => tick(key.id, event.target.checked)} className="h-4 w-4 accent-indigo-500" />
            </td>
            <td className={`${TD} max-w-[16rem] truncate font-mono text-white`} title={key.key_code}>
              {key.key_code}
            </td>
            <td className={TD}>{key.key_type_name}</td>
            <td className={TD}>
              <StatusBadge status={key.status} banned={key.banned} />
            </td>
            <td className={`${TD} max-w-[10rem] truncate`}>{key.batch?.batch_name ?? "—"}</td>
            <td className={`${TD} whitespace-nowrap`}>{formatDateTime(key.created_at)}</td>
            <ActionsCell>
              <button type="button" className={BUTTON_SMALL} onClick={() => setDetailId(key.id)}>
                Chi tiết
              </button>
              {key.status === "available" && (
                <>
                  <button type="button" className={BUTTON_SMALL} onClick={() => setPending({ kind: "revoke", key })}>
                    Thu hồi
                  </button>
                  <button type="button" className={BUTTON_SMALL} onClick={() => setPending({ kind: "deactivate", key })}>
                    Vô hiệu hóa
                  </button>
                </>
              )}
              {key.status === "revoked" && (
                <button type="button" className={BUTTON_SMALL} onClick={() => setPending({ kind: "activate", key })}>
                  Kích hoạt
                </button>
              )}
              <button type="button" className={`${BUTTON_SMALL} text-red-300`} onClick={() => setPending({ kind: "delete", key })}>
                Xóa
              </button>
            </ActionsCell>
          </tr>
        ))}
      </AdminTable>
      <p className="mt-2 text-sm text-zinc-400">
        {formatNumber(list.count)} key{selected.size > 0 ? ` · đã chọn ${formatNumber(selected.size)}` : ""}
      </p>
      <Pager page={list.page} totalPages={list.total_pages} onPage={showPage} />

      <KeyDetailModal keyRow={detail} onClose={() => setDetailId(null)} onChange={(kind, key) => setPending({ kind, key })} />
      <KeyChangeDialog
        key={isKeyChange(pending) ? `${pending.kind}-${pending.key.id}` : "none"}
        change={isKeyChange(pending) ? pending : null}
        busy={busy}
        onConfirm={confirmChange}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending !== null && !isKeyChange(pending)}
        busy={busy}
        title={pending?.kind === "revoke" ? "Thu hồi key" : "Xóa key"}
        confirmLabel={pending?.kind === "revoke" ? "Thu hồi" : "Xóa"}
        message={
          pending?.kind === "bulk"
            ? `Xóa ${formatNumber(selected.size)} key đã chọn?`
            : pending?.kind === "revoke"
              ? `Thu hồi key ${pending.key.key_code}?`
              : pending?.kind === "delete"
                ? `Xóa key ${pending.key.key_code}?`
                : ""
        }
        onConfirm={confirmPending}
        onClose={() => setPending(null)}
      />
      {cleanupOpen && (
        <CleanupModal
          selected={[...selected]}
          busy={busy}
          onRun={(cleanup) => change.submit({ intent: "cleanup", ...cleanup, ids: [...selected] }, { method: "post", encType: "application/json", flushSync: true })}
          onClose={() => setCleanupOpen(false)}
        />
      )}
    </section>
  );
}