// /admin/notifications ("Thông báo", issue #27): the Telegram delivery log, every notification the
// store recorded for the owner with its status, attempts and last error, newest first. The status
// filter and the page (`before`: the last id of the page shown, keyset) are the URL's search params,
// so the clientLoader loads each page and Back returns to the one before.
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientLoaderFunctionArgs, Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AdminPage, Badge, BUTTON_PRIMARY, BUTTON_SMALL, SELECT_CLASS } from "~/owner/AdminShell";
import { AdminTable, TD } from "~/owner/AdminTable";
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_STATUS } from "~/owner/notification-labels";
import { Spinner } from "~/ui/Spinner";
import { adminCall, adminCallFailure } from "~/owner/admin-route";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";
import { formatDateTime, formatNumber } from "@workers/shared/format";
import type { NotificationItem } from "@workers/owner/notifications";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Thông báo");

const PAGE_SIZE = 20;
const STATUSES = Object.keys(NOTIFICATION_STATUS) as NotificationItem["status"][];

type LogPage = { data: NotificationItem[]; next_before: number | null };

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ log: LogPage | null }> {
  const url = new URL(request.url);
  const query: Record<string, string> = { limit: String(PAGE_SIZE) };
  for (const name of ["status", "before"] as const) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query[name] = value;
  }
  try {
    return { log: await adminCall(request, (api) => api.api.admin.notifications.$get({ query })) };
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tải nhật ký thông báo"));
    return { log: null };
  }
}

export default function AdminNotificationsRoute() {
  const { log } = useLoaderData<typeof clientLoader>();
  const [searchParams] = useSearchParams();
  const loading = useNavigation().state === "loading";
  const status = searchParams.get("status") ?? "";
  const items = log?.data ?? [];
  const paged = searchParams.has("before");
  const older = log?.next_before ? `?${new URLSearchParams({ ...(status ? { status } : {}), before: String(log.next_before) })}` : null;

  return (
    <AdminPage title="Thông báo" subtitle="Mọi thông báo Telegram gửi cho chủ cửa hàng: trạng thái, số lần thử và lỗi gần nhất, mới nhất trước">
      <Form method="get" key={status} className="mb-4 flex flex-wrap items-end gap-3" data-testid="notification-filters">
        <label className="text-sm text-zinc-300">
          <span className="mb-1 block">Trạng thái</span>
          <select name="status" defaultValue={status} className={SELECT_CLASS}>
            <option value="">Tất cả trạng thái</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {NOTIFICATION_STATUS[value].label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={BUTTON_PRIMARY}>
          Lọc
        </button>
        {loading && <Spinner className="h-4 w-4 text-indigo-400" />}
      </Form>
      <AdminTable
        testId="notification-log"
        minWidth="min-w-[48rem]"
        columns={["Thời gian", "Loại", "Trạng thái", "Số lần thử", "Nội dung"]}
        empty={items.length === 0 && (status ? "Không có thông báo nào ở trạng thái này." : "Chưa có thông báo nào.")}
      >
        {items.map((item) => (
          <tr key={item.id} data-notification-id={item.id} data-status={item.status}>
            <td className={`${TD} whitespace-nowrap`}>
              <p>{formatDateTime(item.created_at)}</p>
              {item.sent_at && <p className="text-xs text-zinc-400">Gửi lúc {formatDateTime(item.sent_at)}</p>}
            </td>
            <td className={`${TD} whitespace-nowrap`}>{NOTIFICATION_KIND_LABELS[item.kind]}</td>
            <td className={`${TD} whitespace-nowrap`}>
              <Badge tone={NOTIFICATION_STATUS[item.status].tone}>{NOTIFICATION_STATUS[item.status].label}</Badge>
              {item.status === "pending" && item.next_attempt_at && <p className="mt-1 text-xs text-zinc-400">Thử lại lúc {formatDateTime(item.next_attempt_at)}</p>}
            </td>
            <td className={TD}>{formatNumber(item.attempts)}</td>
            <td className={`${TD} max-w-[28rem]`}>
              <p className="whitespace-pre-line text-zinc-200">{item.text}</p>
              {item.last_error && item.status !== "sent" && <p className="mt-1 break-words text-xs text-red-300">Lỗi gần nhất: {item.last_error}</p>}
            </td>
          </tr>
        ))}
      </AdminTable>
      {(paged || older) && (
        <nav aria-label="Phân trang" className="mt-4 flex items-center justify-center gap-3 text-sm">
          {paged && (
            <Link to={status ? `?${new URLSearchParams({ status })}` : "."} className={BUTTON_SMALL}>
              ← Mới nhất
            </Link>
          )}
          {older && (
            <Link to={older} className={BUTTON_SMALL}>
              Cũ hơn →
            </Link>
          )}
        </nav>
      )}
    </AdminPage>
  );
}
