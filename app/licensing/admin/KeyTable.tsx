// The admin's key table: one row per key of the page, ticked for a bulk delete, with its actions
// (detail, revoke and deactivate while unsold, activate once revoked, delete).
import { BUTTON_SMALL } from "~/owner/AdminShell";
import { ACTIONS_COLUMN, ActionsCell, AdminTable, TD } from "~/owner/AdminTable";
import { formatDateTime } from "@workers/shared/format";
import type { AdminKey } from "@workers/licensing/key-admin";
import { StatusBadge } from "./StatusBadge";

/** A key's type as the admin reads it: a trial key names its own length (its type says 0 days). */
export function keyTypeText(key: AdminKey): string {
  return key.trial_hours === null ? key.key_type_name : `${key.key_type_name} · ${key.trial_hours} giờ`;
}

/** What a row's button asks for, confirmed in a dialog. */
export type KeyAsk = "revoke" | "deactivate" | "activate" | "delete";

export function KeyTable({
  keys,
  selected,
  allTicked,
  onTickAll,
  onTick,
  onDetail,
  onAsk,
}: {
  keys: AdminKey[];
  selected: Set<number>;
  allTicked: boolean;
  onTickAll: (on: boolean) => void;
  onTick: (id: number, on: boolean) => void;
  onDetail: (id: number) => void;
  onAsk: (kind: KeyAsk, key: AdminKey) => void;
}) {
  return (
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
              onChange={(event) => onTickAll(event.target.checked)}
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
            <input type="checkbox" aria-label={`Chọn key ${key.key_code}`} checked={selected.has(key.id)} onChange={(event) => onTick(key.id, event.target.checked)} className="h-4 w-4 accent-indigo-500" />
          </td>
          <td className={`${TD} max-w-[16rem] truncate font-mono text-white`} title={key.key_code}>
            {key.key_code}
          </td>
          <td className={TD}>{keyTypeText(key)}</td>
          <td className={TD}>
            <StatusBadge status={key.status} banned={key.banned} />
          </td>
          <td className={`${TD} max-w-[10rem] truncate`}>{key.batch?.batch_name ?? "—"}</td>
          <td className={`${TD} whitespace-nowrap`}>{formatDateTime(key.created_at)}</td>
          <ActionsCell>
            <button type="button" className={BUTTON_SMALL} onClick={() => onDetail(key.id)}>
              Chi tiết
            </button>
            {key.status === "available" && (
              <>
                <button type="button" className={BUTTON_SMALL} onClick={() => onAsk("revoke", key)}>
                  Thu hồi
                </button>
                <button type="button" className={BUTTON_SMALL} onClick={() => onAsk("deactivate", key)}>
                  Vô hiệu hóa
                </button>
              </>
            )}
            {key.status === "revoked" && (
              <button type="button" className={BUTTON_SMALL} onClick={() => onAsk("activate", key)}>
                Kích hoạt
              </button>
            )}
            <button type="button" className={`${BUTTON_SMALL} text-red-300`} onClick={() => onAsk("delete", key)}>
              Xóa
            </button>
          </ActionsCell>
        </tr>
      ))}
    </AdminTable>
  );
}
