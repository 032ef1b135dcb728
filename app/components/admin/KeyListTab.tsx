// The key list tab (spec §2, §4 "Key status", "Cleanup modes"): stats, status filter, pages of
// 100 (an app may hold 10,000 keys), ticking, bulk delete, per-key detail/revoke/delete, cleanup.
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Spinner } from "~/components/Spinner";
import { CLEANUP_STATUSES, isKeyStatus, KEY_STATUS_LABELS, KEY_STATUS_TONES, KEY_STATUSES, keyStatusLabel, toggleAll } from "~/lib/admin";
import { apiFetch } from "~/lib/api";
import type { toAdminKey } from "../../../workers/services/key-admin";
import { formatDateTime, formatNumber, formatVND } from "../../../workers/shared/format";
import { toast } from "~/lib/toast";
import { Badge, BUTTON_DANGER, BUTTON_SECONDARY, BUTTON_SMALL, ConfirmDialog, EmptyRow, Modal, ModalActions, Pager, SELECT_CLASS, StatCard, TABLE_WRAP, TD, TH, useAdminError, ActionsCell } from "./AdminShell";

/** A key as the admin key API sends it. */
type AdminKey = ReturnType<typeof toAdminKey>;

type KeyStats = { total_keys: number; available_keys: number; sold_keys: number; used_keys: number; expired_keys: number; revoked_keys: number; total_orders: number; total_revenue: number };
type KeyPage = { data: AdminKey[]; count: number; page: number; total_pages: number };

const PAGE_SIZE = 100;

function StatusBadge({ status }: { status: string }) {
  return <Badge tone={isKeyStatus(status) ? KEY_STATUS_TONES[status] : "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30"}>{keyStatusLabel(status)}</Badge>;
}

type Pending = { kind: "delete"; key: AdminKey } | { kind: "bulk" } | { kind: "revoke"; key: AdminKey };

export function KeyListTab({ app, version, onChanged }: { app: string; version: number; onChanged: () => void }) {
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(1);
  const [list, setList] = useState<KeyPage | null>(null);
  const [stats, setStats] = useState<KeyStats | null>(null);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [detail, setDetail] = useState<AdminKey | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [cleanupOpen, setCleanupOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const handleError = useAdminError();
  const base = `/api/keys/apps/${encodeURIComponent(app)}`;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const query = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
    if (status) query.set("status", status);
    Promise.all([
      apiFetch<KeyPage>(`${base}/keys/?${query}`, { auth: true, signal: controller.signal }),
      apiFetch<{ data: KeyStats }>(`${base}/stats/`, { auth: true, signal: controller.signal }).catch(() => null),
    ])
      .then(([keys, statsBody]) => {
        setList(keys);
        if (statsBody) setStats(statsBody.data);
        // A page past the end after deletions: go back to the last one.
        if (keys.total_pages > 0 && page > keys.total_pages) setPage(keys.total_pages);
      })
      .catch((error) => {
        if (!controller.signal.aborted) handleError(error, "Lỗi khi tải dữ liệu", (message) => `Lỗi khi tải dữ liệu: ${message}`);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [base, page, status, version, handleError]);

  // The parent bumps `version`, which reloads this list and the pricing stock together.
  const refresh = useCallback(() => onChanged(), [onChanged]);

  const keys = list?.data ?? [];
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

  async function confirmPending() {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === "delete") {
        await apiFetch(`/api/keys/keys/${pending.key.id}/`, { method: "DELETE", auth: true });
        toast.success("Đã xóa key!");
        setSelected((current) => toggleAll(current, [pending.key.id], false));
      } else if (pending.kind === "bulk") {
        const body = await apiFetch<{ data: { deleted_count: number } }>("/api/keys/keys/bulk-delete/", { method: "POST", auth: true, body: { key_ids: [...selected] } });
        toast.success(`Đã xóa ${formatNumber(body.data.deleted_count)} key!`);
        setSelected(new Set());
      } else {
        const body = await apiFetch<{ message?: string }>(`/api/keys/keys/${pending.key.id}/update-status/`, { method: "PATCH", auth: true, body: { status: "revoked" } });
        toast.success(body.message || "Key status updated successfully!");
      }
      setPending(null);
      setDetail(null);
      refresh();
    } catch (error) {
      handleError(error, pending.kind === "revoke" ? "Cập nhật thất bại" : "Xóa key thất bại");
    } finally {
      setBusy(false);
    }
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
          <label htmlFor="key-status-filter" className="sr-only">
            Lọc theo trạng thái
          </label>
          <select
            id="key-status-filter"
            className={SELECT_CLASS}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
              setSelected(new Set());
            }}
          >
            <option value="">Tất cả trạng thái</option>
            {KEY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {KEY_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
          {loading && <Spinner className="h-4 w-4 text-indigo-400" />}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={BUTTON_SECONDARY} onClick={() => refresh()}>
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
      <div className={TABLE_WRAP}>
        <table className="w-full min-w-[52rem] text-sm text-zinc-200" data-testid="key-table">
          <thead className="border-b border-white/5">
            <tr>
              <th className={`${TH} w-10`}>
                <input
                  type="checkbox"
                  aria-label="Chọn tất cả key trên trang"
                  checked={allTicked}
                  onChange={(event) => setSelected((current) => toggleAll(current, pageIds, event.target.checked))}
                  className="h-4 w-4 accent-indigo-500"
                />
              </th>
              <th className={TH}>Mã key</th>
              <th className={TH}>Loại</th>
              <th className={TH}>Trạng thái</th>
              <th className={TH}>Lô</th>
              <th className={TH}>Ngày tạo</th>
              <th className={`${TH} text-right`}>Thao tác</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {!loading && keys.length === 0 && <EmptyRow colSpan={7}>Không có key nào.</EmptyRow>}
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
                  <StatusBadge status={key.status} />
                </td>
                <td className={`${TD} max-w-[10rem] truncate`}>{key.batch?.batch_name ?? "—"}</td>
                <td className={`${TD} whitespace-nowrap`}>{formatDateTime(key.created_at)}</td>
                <ActionsCell>
                  <button type="button" className={BUTTON_SMALL} onClick={() => setDetail(key)}>
                    Chi tiết
                  </button>
                  {key.status === "available" && (
                    <button type="button" className={BUTTON_SMALL} onClick={() => setPending({ kind: "revoke", key })}>
                      Thu hồi
                    </button>
                  )}
                  <button type="button" className={`${BUTTON_SMALL} text-red-300`} onClick={() => setPending({ kind: "delete", key })}>
                    Xóa
                  </button>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list && (
        <p className="mt-2 text-sm text-zinc-400">
          {formatNumber(list.count)} key{selected.size > 0 ? ` · đã chọn ${formatNumber(selected.size)}` : ""}
        </p>
      )}
      <Pager page={list?.page ?? page} totalPages={list?.total_pages ?? 0} onPage={setPage} />

      <KeyDetailModal keyRow={detail} onClose={() => setDetail(null)} onRevoke={(key) => setPending({ kind: "revoke", key })} />
      <ConfirmDialog
        open={pending !== null}
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
      <CleanupModal
        open={cleanupOpen}
        app={app}
        selected={[...selected]}
        onClose={() => setCleanupOpen(false)}
        onDone={() => {
          setCleanupOpen(false);
          setSelected(new Set());
          refresh();
        }}
      />
    </section>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-white/5 py-2 last:border-b-0 sm:flex-row sm:gap-4">
      <dt className="text-sm text-zinc-400 sm:w-32 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-white">{children}</dd>
    </div>
  );
}

function KeyDetailModal({ keyRow, onClose, onRevoke }: { keyRow: AdminKey | null; onClose: () => void; onRevoke: (key: AdminKey) => void }) {
  async function copy() {
    if (!keyRow) return;
    try {
      await navigator.clipboard.writeText(keyRow.key_code);
      toast.success("Đã copy key vào clipboard!");
    } catch {
      toast.error("Không thể copy key. Vui lòng copy thủ công.");
    }
  }
  return (
    <Modal open={keyRow !== null} onClose={onClose} title="Chi tiết key" testId="key-detail">
      {keyRow && (
        <>
          <div className="mb-3 flex items-center gap-2 rounded-xl bg-zinc-950/60 p-3">
            <code className="min-w-0 flex-1 font-mono text-sm break-all text-white select-all">{keyRow.key_code}</code>
            <button type="button" className={BUTTON_SMALL} onClick={copy}>
              Copy
            </button>
          </div>
          <dl>
            <DetailRow label="Trạng thái">
              <StatusBadge status={keyRow.status} />
            </DetailRow>
            <DetailRow label="Loại key">{keyRow.key_type_name}</DetailRow>
            <DetailRow label="Giá">{keyRow.formatted_price ?? "—"}</DetailRow>
            <DetailRow label="Lô">{keyRow.batch?.batch_name ?? "—"}</DetailRow>
            <DetailRow label="Ngày tạo">{formatDateTime(keyRow.created_at)}</DetailRow>
            <DetailRow label="Ngày bán">{keyRow.sold_at ? formatDateTime(keyRow.sold_at) : "—"}</DetailRow>
            <DetailRow label="Kích hoạt">{keyRow.activated_at ? formatDateTime(keyRow.activated_at) : "—"}</DetailRow>
            <DetailRow label="Hết hạn">{keyRow.expires_at ? formatDateTime(keyRow.expires_at) : "—"}</DetailRow>
            <DetailRow label="Thiết bị">{keyRow.device_id || "—"}</DetailRow>
          </dl>
          {keyRow.status === "available" && (
            <div className="mt-4 flex justify-end">
              <button type="button" className={BUTTON_SECONDARY} onClick={() => onRevoke(keyRow)}>
                Thu hồi
              </button>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}

type CleanupMode = "sold" | "status" | "selected";

function CleanupModal({ open, app, selected, onClose, onDone }: { open: boolean; app: string; selected: number[]; onClose: () => void; onDone: () => void }) {
  const [mode, setMode] = useState<CleanupMode>("sold");
  const [status, setStatus] = useState<(typeof CLEANUP_STATUSES)[number]>("sold");
  const [busy, setBusy] = useState(false);
  const handleError = useAdminError();

  useEffect(() => {
    if (open) setMode(selected.length > 0 ? "selected" : "sold");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  async function run() {
    setBusy(true);
    try {
      const base = `/api/keys/apps/${encodeURIComponent(app)}`;
      const body =
        mode === "sold"
          ? await apiFetch<{ data: { deleted_count: number } }>(`${base}/cleanup-sold/`, { method: "POST", auth: true })
          : mode === "status"
            ? await apiFetch<{ data: { deleted_count: number } }>(`${base}/cleanup-by-status/`, { method: "POST", auth: true, body: { status } })
            : await apiFetch<{ data: { deleted_count: number } }>("/api/keys/keys/bulk-delete/", { method: "POST", auth: true, body: { key_ids: selected } });
      toast.success(`Đã dọn dẹp ${formatNumber(body.data.deleted_count)} key!`);
      onDone();
    } catch (error) {
      handleError(error, "Dọn dẹp thất bại");
    } finally {
      setBusy(false);
    }
  }

  const modes: { value: CleanupMode; label: string }[] = [
    { value: "sold", label: "Xóa tất cả key đã bán" },
    { value: "status", label: "Xóa key theo trạng thái" },
    ...(selected.length > 0 ? [{ value: "selected" as const, label: `Xóa ${formatNumber(selected.length)} key đã chọn` }] : []),
  ];

  return (
    <Modal open={open} onClose={onClose} title="Dọn dẹp key" busy={busy} testId="cleanup-modal">
      <fieldset className="space-y-2">
        <legend className="sr-only">Chế độ dọn dẹp</legend>
        {modes.map((item) => (
          <label key={item.value} className="flex cursor-pointer items-center gap-3 rounded-xl border border-white/10 px-3 py-2.5 text-sm text-zinc-200 has-[:checked]:border-indigo-400">
            <input type="radio" name="cleanup-mode" value={item.value} checked={mode === item.value} onChange={() => setMode(item.value)} className="accent-indigo-500" />
            {item.label}
          </label>
        ))}
      </fieldset>
      {mode === "status" && (
        <div className="mt-3">
          <label htmlFor="cleanup-status" className="mb-1.5 block text-sm font-medium text-zinc-200">
            Trạng thái
          </label>
          <select id="cleanup-status" className={`${SELECT_CLASS} w-full`} value={status} onChange={(event) => setStatus(event.target.value as (typeof CLEANUP_STATUSES)[number])}>
            {CLEANUP_STATUSES.map((value) => (
              <option key={value} value={value}>
                {KEY_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="mt-3 text-sm text-amber-300">Hành động này không thể hoàn tác.</p>
      <ModalActions className="mt-5" onCancel={onClose} busy={busy} label="Dọn dẹp" onConfirm={run} />
    </Modal>
  );
}
