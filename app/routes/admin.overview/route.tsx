// /admin/overview ("Tổng quan"): what the shop sold and received, what sells, who arrived, and
// what waits for the owner, from GET /api/admin/overview/ (loaded in clientLoader; ?days= picks
// the period of the chart and the lists).
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientLoaderFunctionArgs, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { PeriodLinks, periodFrom } from "~/owner/PeriodLinks";
import { AdminPage, CARD } from "~/owner/AdminShell";
import { AdminTable, RIGHT, TD } from "~/owner/AdminTable";
import { ExportDownloads } from "~/owner/ExportDownloads";
import { RecentNotifications } from "../../owner/overview/RecentNotifications";
import { downloadExport } from "~/owner/admin-exports";
import { adminCall, adminCallFailure } from "~/owner/admin-route";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";
import { formatDateTime, formatNumber, formatVND } from "@workers/shared/format";
import type { NotificationItem } from "@workers/owner/notifications";
import type { StoreOverview } from "@workers/owner/overview";
import { DailyChart } from "../../owner/overview/DailyChart";
import { LedgerFigures } from "../../owner/overview/LedgerFigures";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Tổng quan");

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ overview: StoreOverview | null; notifications: NotificationItem[] }> {
  // The notifications are a side panel: without them the figures still show.
  const notifications = adminCall(request, (api) => api.api.admin.notifications.$get({ query: { limit: "5" } })).then(
    (answer) => answer.data,
    () => [],
  );
  try {
    return { overview: await adminCall(request, (api) => api.api.admin.overview.$get({ query: { days: String(periodFrom(new URL(request.url))) } })), notifications: await notifications };
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tải số liệu tổng quan"));
    return { overview: null, notifications: [] };
  }
}

const CHANNELS: { key: keyof StoreOverview["deposits_by_channel"]; label: string }[] = [
  { key: "vietqr", label: "VietQR" },
  { key: "card", label: "Thẻ cào" },
  { key: "bank_transfer", label: "Chuyển khoản duyệt tay" },
  { key: "crypto", label: "Crypto" },
  { key: "bonus", label: "Khuyến mãi" },
  { key: "admin", label: "Admin nạp" },
];

/** "▲ 12% so với kỳ trước", or the previous figure when there is nothing to compare with. */
function change(current: number, previous: number): { text: string; tone: string } {
  if (previous === 0) return { text: `Kỳ trước: ${formatVND(0)}${current === 0 ? "" : " (mới có doanh thu)"}`, tone: "text-zinc-400" };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { text: "Không đổi so với kỳ trước", tone: "text-zinc-400" };
  return percent > 0
    ? { text: `▲ ${formatNumber(percent)}% so với kỳ trước`, tone: "text-emerald-300" }
    : { text: `▼ ${formatNumber(-percent)}% so với kỳ trước`, tone: "text-red-300" };
}

function RevenueCard({ label, current, previous }: { label: string; current: number; previous: number }) {
  const delta = change(current, previous);
  return (
    <div className={`${CARD} p-4`}>
      <p className="text-sm text-zinc-400">{label}</p>
      <p className="mt-1 text-2xl font-black text-white">{formatVND(current)}</p>
      <p className={`mt-1 text-xs ${delta.tone}`}>{delta.text}</p>
    </div>
  );
}

function Section({ title, children, className = "" }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`${CARD} p-4 sm:p-5 ${className}`} aria-label={title}>
      <h2 className="mb-3 text-base font-bold text-white">{title}</h2>
      {children}
    </section>
  );
}

/** A count of things waiting; `to` is the screen that resolves them (none for what the owner only watches). */
function AttentionItem({ count, label, to }: { count: number; label: string; to?: string }) {
  const content = (
    <>
      <span className="text-zinc-200">{label}</span>
      <span className={`rounded-full px-2.5 py-0.5 text-sm font-bold ${count > 0 ? "bg-amber-500/15 text-amber-300" : "bg-zinc-800 text-zinc-400"}`}>{formatNumber(count)}</span>
    </>
  );
  const row = "flex items-center justify-between gap-3 rounded-xl px-3 py-2";
  return (
    <li>
      {to ? (
        <Link to={to} className={`${row} hover:bg-white/5`}>
          {content}
        </Link>
      ) : (
        <div className={row}>{content}</div>
      )}
    </li>
  );
}

export default function AdminOverview() {
  const { overview, notifications } = useLoaderData<typeof clientLoader>();
  const navigation = useNavigation();
  const periodLinks = <PeriodLinks current={overview?.days} />;
  if (!overview) return <AdminPage title="Tổng quan" actions={periodLinks}>{null}</AdminPage>;
  const { revenue, attention } = overview;
  return (
    <AdminPage title="Tổng quan" subtitle={navigation.state === "loading" ? "Đang tải..." : `Số liệu theo giờ Việt Nam, ${overview.days} ngày gần nhất`} actions={periodLinks}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="revenue-cards">
        <RevenueCard label="Doanh thu hôm nay" current={revenue.today} previous={revenue.previous.today} />
        <RevenueCard label="Doanh thu 7 ngày" current={revenue.last_7_days} previous={revenue.previous.last_7_days} />
        <RevenueCard label="Doanh thu 30 ngày" current={revenue.last_30_days} previous={revenue.previous.last_30_days} />
      </div>

      <LedgerFigures ledger={overview.ledger} days={overview.days} />

      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Section title="Doanh thu và nạp tiền theo ngày" className="lg:col-span-2">
          <DailyChart points={overview.daily} />
        </Section>
        <Section title="Việc cần bạn xử lý">
          <ul className="-mx-3 space-y-1 text-sm" data-testid="attention">
            <AttentionItem count={attention.transfers_parked} label="Chuyển khoản chờ duyệt" to="/admin/bank-transfers" />
            <AttentionItem count={attention.cards_waiting} label="Thẻ cào chờ duyệt" to="/admin/bank-transfers" />
            <AttentionItem count={attention.low_stock} label="Gói key sắp hết" />
            <AttentionItem count={attention.sold_out} label="Gói key đã hết" />
            <AttentionItem count={attention.topups_waiting} label="Lượt nạp đang chờ thanh toán" />
          </ul>
          {overview.low_stock.length > 0 && (
            <ul aria-label="Gói key cần nhập thêm" className="mt-3 space-y-1 border-t border-white/5 pt-3 text-sm">
              {overview.low_stock.map((item) => (
                <li key={item.pricing_id} className="flex items-center justify-between gap-2">
                  <Link to={`/admin/app/${item.app_id}/keys`} className="min-w-0 truncate text-indigo-300 hover:text-indigo-200">
                    {`${item.app_name} · ${item.key_type}`}
                  </Link>
                  <span className={item.available_count === 0 ? "text-red-300" : "text-amber-300"}>{item.available_count === 0 ? "Hết key" : `Còn ${formatNumber(item.available_count)}`}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Section title={`Nạp tiền theo kênh (${overview.days} ngày)`}>
          <dl className="space-y-2 text-sm">
            {CHANNELS.map((channel) => (
              <div key={channel.key} className="flex justify-between gap-3">
                <dt className="text-zinc-400">{channel.label}</dt>
                <dd className="font-semibold text-white">{formatVND(overview.deposits_by_channel[channel.key])}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section title={`Người mua mới (${overview.days} ngày)`}>
          <p className="text-sm text-zinc-300">
            <strong className="text-xl text-white">{formatNumber(overview.new_users.registered)}</strong> tài khoản mới ·{" "}
            <strong className="text-xl text-white">{formatNumber(overview.new_users.first_time_buyers)}</strong> người mua lần đầu
          </p>
          <ul className="mt-3 space-y-1 text-sm">
            {overview.new_users.recent.map((user) => (
              <li key={user.id} className="flex justify-between gap-2">
                <span className="min-w-0 truncate text-zinc-200">{user.username}</span>
                <span className="shrink-0 text-zinc-500">{formatDateTime(user.created_at)}</span>
              </li>
            ))}
          </ul>
        </Section>
        <RecentNotifications items={notifications} />
      </div>

      <section className="mt-4" aria-label="Xuất dữ liệu">
        <ExportDownloads onDownload={downloadExport} />
      </section>

      <section className="mt-4" aria-label="Key bán chạy">
        <h2 className="mb-3 text-base font-bold text-white">{`Key bán chạy (${overview.days} ngày)`}</h2>
        <AdminTable
          testId="top-apps"
          minWidth="min-w-0"
          columns={["Ứng dụng", RIGHT("Key đã bán"), RIGHT("Doanh thu")]}
          empty={overview.top_apps.length === 0 && "Chưa bán key nào trong khoảng này"}
        >
          {overview.top_apps.map((app) => (
            <tr key={`${app.app_id}-${app.app_name}`}>
              <td className={TD}>{app.app_id ? <Link to={`/admin/app/${app.app_id}/keys`} className="text-indigo-300 hover:text-indigo-200">{app.app_name}</Link> : app.app_name}</td>
              <td className={`${TD} text-right`}>{formatNumber(app.keys_sold)}</td>
              <td className={`${TD} text-right`}>{formatVND(app.revenue)}</td>
            </tr>
          ))}
        </AdminTable>
      </section>
    </AdminPage>
  );
}
