// The admin's key list tab (docs/product.md §2, §4 "Key status", "Cleanup modes"): stats, the
// status filter and pages of 100 in the address; ticking, bulk delete, per-key detail, revoke,
// delete, the changes the detail offers and cleanup, each confirmed in a dialog and sent to the
// route's clientAction (./key-list-actions.ts), after which the list, the stats and the stock reload.
import { useFetcher, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useFilterSubmit } from "~/ui/forms/filter-form";
import { BUTTON_DANGER, BUTTON_SECONDARY, StatCard } from "~/owner/AdminShell";
import { FilterSelect, Pager } from "~/owner/AdminTable";
import { Spinner } from "~/ui/Spinner";
import { choices } from "~/owner/admin";
import { KEY_STATUS_LABELS, toggleAll } from "~/owner/admin-key-list";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import type { ActionResult } from "~/owner/admin-route";
import { formatNumber, formatVND } from "@workers/shared/format";
import { toast } from "~/ui/toast";
import type { AdminKey, KeyStats } from "@workers/licensing/key-admin";
import { KEY_STATUSES } from "@workers/shared/enums";
import { lazyDialog } from "~/ui/LazyDialog";
import type { KeyChange, PhoneBan } from "./KeyChangeDialog";
import type { KeyConfirm } from "./KeyConfirmDialog";
import type { KeyAction } from "./key-list-actions";
import type { KeyList } from "./key-list-data";
import type { KeyTable } from "./KeyTable";

// Each opened by a click (the detail also by ?key=): fetched then, not with the list.
const KeyDetailModal = lazyDialog(() => import("./KeyDetailModal").then((module) => module.KeyDetailModal));
const KeyConfirmDialog = lazyDialog(() => import("./KeyConfirmDialog").then((module) => module.KeyConfirmDialog));
const KeyChangeDialog = lazyDialog(() => import("./KeyChangeDialog").then((module) => module.KeyChangeDialog));
const CleanupModal = lazyDialog(() => import("./CleanupModal").then((module) => module.CleanupModal));

function KeyStatCards({ stats }: { stats: KeyStats }) {
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="key-stats">
      <StatCard label="Tổng key" value={formatNumber(stats.total_keys)} />
      <StatCard label={KEY_STATUS_LABELS.available} value={formatNumber(stats.available_keys)} tone="text-emerald-300" />
      <StatCard label={KEY_STATUS_LABELS.sold} value={formatNumber(stats.sold_keys)} tone="text-indigo-300" />
      <StatCard label={KEY_STATUS_LABELS.used} value={formatNumber(stats.used_keys)} tone="text-sky-300" />
      <StatCard label={KEY_STATUS_LABELS.expired} value={formatNumber(stats.expired_keys)} tone="text-amber-300" />
      <StatCard label="Doanh thu" value={formatVND(stats.total_revenue)} />
    </div>
  );
}

const STATUS_CHOICES = choices(KEY_STATUSES, KEY_STATUS_LABELS);

type Pending = KeyConfirm | { kind: KeyChange; key: AdminKey };

const isKeyChange = (pending: Pending | null): pending is { kind: KeyChange; key: AdminKey } =>
  pending !== null && pending.kind !== "delete" && pending.kind !== "bulk" && pending.kind !== "revoke";

/** `Table` is ./KeyTable.tsx, which the route fetches beside the keys. */
export function KeyListScreen({ list, stats, Table }: KeyList & { Table: typeof KeyTable }) {
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
  const change = useFetcher<ActionResult>();
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

  function confirmChange(days?: number, phone?: PhoneBan) {
    if (!isKeyChange(pending)) return;
    const { key } = pending;
    // "Ban this phone too": the key's device id and app travel with the ban (issue 55 item 2).
    const action: KeyAction = { intent: pending.kind, id: key.id, ...(days === undefined ? {} : { days }) };
    if (phone && key.device_id) action.ban_device = { value: key.device_id, app_id: phone.shopWide ? null : key.app.id, reason: phone.reason };
    change.submit(action, { method: "post", encType: "application/json", flushSync: true });
  }

  return (
    <section aria-labelledby="keys-heading">
      {stats && <KeyStatCards stats={stats} />}
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
      <Table
        keys={keys}
        selected={selected}
        allTicked={allTicked}
        onTickAll={(on) => setSelected((current) => toggleAll(current, pageIds, on))}
        onTick={tick}
        onDetail={setDetailId}
        onAsk={(kind, key) => setPending({ kind, key })}
      />
      <p className="mt-2 text-sm text-zinc-400">
        {formatNumber(list.count)} key{selected.size > 0 ? ` · đã chọn ${formatNumber(selected.size)}` : ""}
      </p>
      <Pager page={list.page} totalPages={list.total_pages} onPage={showPage} />

      {detail && <KeyDetailModal keyRow={detail} onClose={() => setDetailId(null)} onChange={(kind, key) => setPending({ kind, key })} />}
      {isKeyChange(pending) && (
        <KeyChangeDialog key={`${pending.kind}-${pending.key.id}`} change={pending} busy={busy} onConfirm={confirmChange} onClose={() => setPending(null)} />
      )}
      {pending !== null && !isKeyChange(pending) && (
        <KeyConfirmDialog confirm={pending} ticked={selected.size} busy={busy} onConfirm={confirmPending} onClose={() => setPending(null)} />
      )}
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