// Promotion management (docs/product.md §2 "Admin promotions", §4, §5 "Promotion form", §8 "Promotions").
// /admin/promotions and /admin/simple-promotions both render this screen; its data comes from
// their clientLoader and changes through their clientAction (lib/admin-promotions.ts).
import { useFetcher, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useRef, useState } from "react";
import { useAfterTypingPause } from "~/ui/forms/use-typing-pause";
import { Spinner } from "~/ui/Spinner";
import { choices } from "~/owner/admin";
import { PROMOTION_STATUS_LABELS } from "~/owner/admin-promotions";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { useFilterSubmit } from "~/ui/forms/filter-form";
import type { Promotion, promotionsLoader } from "~/money/admin/admin-promotions";
import type { ActionResult } from "~/owner/admin-route";
import { formatDate, formatNumber, formatVND } from "@workers/shared/format";
import { AdminPage, Badge, BUTTON_PRIMARY, BUTTON_SMALL } from "../../owner/AdminShell";
import { ACTIONS_COLUMN, ActionsCell, AdminTable, FilterSelect, RIGHT, SearchInput, TD } from "../../owner/AdminTable";
import { ConfirmDialog } from "../../owner/AdminDialogs";
import { PROMOTION_STATUSES, type PromotionStatus } from "@workers/shared/enums";
import { lazyDialog } from "~/ui/LazyDialog";

// The form comes with its fields and checks when an admin first opens it: the list alone is what
// the page loads.
const PromotionModal = lazyDialog(() => import("./PromotionModal").then((module) => module.PromotionModal));

const STATUS_TONES: Record<PromotionStatus, string> = {
  active: "bg-emerald-500/15 text-emerald-300 ring-emerald-400/30",
  inactive: "bg-zinc-500/15 text-zinc-300 ring-zinc-400/30",
  expired: "bg-amber-500/15 text-amber-300 ring-amber-400/30",
  draft: "bg-sky-500/15 text-sky-300 ring-sky-400/30",
  archived: "bg-zinc-500/15 text-zinc-400 ring-zinc-400/30",
};

function bonusText(promotion: Promotion): string {
  if (promotion.promotion_type === "percentage") return `${promotion.bonus_percentage ?? 0}%`;
  if (promotion.promotion_type === "fixed") return formatVND(promotion.bonus_amount ?? 0);
  return "Theo mức";
}

// "archived" is the store's own (a deleted promotion that paid a bonus), never chosen or listed.
const STATUS_CHOICES = choices(
  PROMOTION_STATUSES.filter((status) => status !== "archived"),
  PROMOTION_STATUS_LABELS,
);

export function PromotionsScreen() {
  const { promotions: list } = useLoaderData<typeof promotionsLoader>();
  const [searchParams] = useSearchParams();
  const status = searchParams.get("status") ?? "";
  const [search, setSearch] = useState(searchParams.get("search") ?? "");
  const loading = useNavigation().state === "loading";
  const [editing, setEditing] = useState<Promotion | "new" | null>(null);
  const [deleting, setDeleting] = useState<Promotion | null>(null);
  const removal = useFetcher<ActionResult>();
  useFetcherAnswer(removal, (answer) => answer.ok && setDeleting(null));

  const filters = useRef<HTMLFormElement>(null);
  const applyFilters = useFilterSubmit();

  // The search reloads the list once typing pauses (a timer, not a fetch).
  useAfterTypingPause(search.trim(), searchParams.get("search") ?? "", 300, () => applyFilters(filters.current));

  return (
    <AdminPage
      title="Quản lý khuyến mãi"
      subtitle="Thưởng thêm khi nạp tiền vào ví"
      actions={
        <button type="button" className={BUTTON_PRIMARY} onClick={() => setEditing("new")}>
          + Tạo khuyến mãi
        </button>
      }
    >
      <form
        ref={filters}
        className="mb-3 flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilters(event.currentTarget);
        }}
      >
        <SearchInput id="promotion-search" name="search" label="Tìm khuyến mãi" placeholder="Tìm theo tên, mã hoặc mô tả..." value={search} onValue={setSearch} />
        <FilterSelect id="promotion-status" name="status" label="Lọc theo trạng thái" allLabel="Tất cả trạng thái" options={STATUS_CHOICES} value={status} onValue={(_, form) => applyFilters(form)} />
        {loading && <Spinner className="h-4 w-4 text-indigo-400" />}
      </form>
      <AdminTable
        testId="promotion-table"
        minWidth="min-w-[56rem]"
        columns={["Tên", "Mã", "Thưởng", RIGHT("Nạp tối thiểu"), "Thời gian", RIGHT("Đã dùng"), "Trạng thái", ACTIONS_COLUMN]}
        empty={list.length === 0 && "Chưa có khuyến mãi nào."}
      >
        {list.map((promotion) => (
          <tr key={promotion.id} data-promotion-id={promotion.id}>
            <td className={`${TD} max-w-[16rem]`}>
              <p className="truncate font-medium text-white">{promotion.name}</p>
              {promotion.description && <p className="truncate text-xs text-zinc-400">{promotion.description}</p>}
            </td>
            <td className={`${TD} font-mono`}>{promotion.code}</td>
            <td className={TD}>{bonusText(promotion)}</td>
            <td className={`${TD} text-right whitespace-nowrap`}>{formatVND(promotion.min_deposit_amount)}</td>
            <td className={`${TD} whitespace-nowrap`}>
              {formatDate(promotion.start_date)} – {formatDate(promotion.end_date)}
            </td>
            <td className={`${TD} text-right`}>
              {formatNumber(promotion.total_used)}
              {promotion.total_usage_limit ? ` / ${formatNumber(promotion.total_usage_limit)}` : ""}
            </td>
            <td className={TD}>
              <Badge tone={STATUS_TONES[promotion.status] ?? STATUS_TONES.inactive}>{PROMOTION_STATUS_LABELS[promotion.status] ?? promotion.status}</Badge>
            </td>
            <ActionsCell>
              <button type="button" className={BUTTON_SMALL} onClick={() => setEditing(promotion)}>
                Sửa
              </button>
              <button type="button" className={`${BUTTON_SMALL} text-red-300`} onClick={() => setDeleting(promotion)}>
                Xóa
              </button>
            </ActionsCell>
          </tr>
        ))}
      </AdminTable>
      {editing && <PromotionModal key={editing === "new" ? "new" : editing.id} editing={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        busy={removal.state !== "idle"}
        title="Xóa khuyến mãi"
        message={`Xóa khuyến mãi "${deleting?.name ?? ""}"?`}
        onConfirm={() => deleting && removal.submit({ intent: "delete", id: deleting.id }, { method: "post", encType: "application/json", flushSync: true })}
        onClose={() => setDeleting(null)}
      />
    </AdminPage>
  );
}
