// The bulk change's preview (BulkScreen.tsx): how many keys will change, some of them, and the
// button that applies exactly those. A file of its own, fetched as the preview is asked for: the
// tab opens without it, and without the number and date formatting only it uses.
import type { BulkPreview } from "@workers/licensing/key-bulk";
import { formatDateTime, formatNumber } from "@workers/shared/format";
import { BUTTON_DANGER } from "~/owner/AdminShell";
import { AdminTable, TD } from "~/owner/AdminTable";

type Props = {
  preview: BulkPreview;
  /** The action as the admin chose it ("Gia hạn thêm 3 ngày"). */
  change: string;
  /** Each key state's label, as the filter names them. */
  states: Record<string, string>;
  busy: boolean;
  onApply: () => void;
};

export function BulkPreviewPanel({ preview, change, states, busy, onApply }: Props) {
  return (
    <div className="mt-6" data-bulk-preview>
      <p className="font-semibold text-white" role="status">
        {formatNumber(preview.count)} key sẽ được thay đổi ({change}).
      </p>
      <AdminTable minWidth="min-w-[36rem]" columns={["Key", "Trạng thái", "Bán lúc", "Hết hạn"]} empty={preview.count === 0 && "Không có key nào khớp bộ lọc."}>
        {preview.sample.map((key) => (
          <tr key={key.id}>
            <td className={`${TD} font-mono text-white`}>{key.key_code}</td>
            <td className={TD}>{key.banned ? "Đã khóa" : (states[key.status] ?? key.status)}</td>
            <td className={TD}>{key.sold_at ? formatDateTime(key.sold_at) : "—"}</td>
            <td className={TD}>{key.expires_at ? formatDateTime(key.expires_at) : "—"}</td>
          </tr>
        ))}
      </AdminTable>
      {preview.count > 0 && (
        <button type="button" className={`${BUTTON_DANGER} mt-4`} disabled={busy} onClick={onApply}>
          Áp dụng cho {formatNumber(preview.count)} key
        </button>
      )}
    </div>
  );
}
