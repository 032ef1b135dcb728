// /admin/licensing ("Giấy phép"): per app, the keys sold, activated and alive, activations per
// day, keys running out within 7 days, and keys moved between devices often enough to be shared,
// from GET /api/admin/licensing/ (loaded in clientLoader; ?days= picks the window).
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ClientLoaderFunctionArgs, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { PeriodLinks, periodFrom } from "~/owner/PeriodLinks";
import { AdminPage, CARD } from "~/owner/AdminShell";
import { adminCall, adminCallFailure } from "~/owner/admin-route";
import { pageMeta } from "~/ui/meta";
import { toast } from "~/ui/toast";
import { formatDate, formatDateTime, formatNumber } from "@workers/shared/format";
import type { AppLicenceHealth, LicenceHealth } from "@workers/licensing/licence-health";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Giấy phép");

export async function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<{ health: LicenceHealth | null }> {
  try {
    const answer = await adminCall(request, (api) => api.api.admin.licensing.$get({ query: { days: String(periodFrom(new URL(request.url))) } }));
    return { health: answer.data };
  } catch (error) {
    toast.error(adminCallFailure(error, request, "Không thể tải số liệu giấy phép"));
    return { health: null };
  }
}

function Figure({ label, value, tone = "text-white" }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-xl bg-zinc-950/60 p-3">
      <dt className="text-xs text-zinc-400">{label}</dt>
      <dd className={`mt-1 text-xl font-black ${tone}`}>{formatNumber(value)}</dd>
    </div>
  );
}

/** One bar per day; the tallest is the window's busiest day. */
function ActivationBars({ points }: { points: AppLicenceHealth["activations"] }) {
  const highest = Math.max(1, ...points.map((point) => point.count));
  const total = points.reduce((sum, point) => sum + point.count, 0);
  return (
    <figure>
      <div className="flex h-16 items-end gap-px" role="img" aria-label={`Kích hoạt theo ngày: tổng ${formatNumber(total)}`}>
        {points.map((point) => (
          <div key={point.date} title={`${formatDate(point.date)}: ${formatNumber(point.count)}`} className="min-w-0 flex-1 rounded-t bg-indigo-500/70" style={{ height: `${Math.max(point.count ? 8 : 2, (point.count / highest) * 100)}%` }} />
        ))}
      </div>
      <figcaption className="mt-1 text-xs text-zinc-400">{`Kích hoạt theo ngày: tổng ${formatNumber(total)}`}</figcaption>
    </figure>
  );
}

function AppHealth({ app, days }: { app: AppLicenceHealth; days: number }) {
  return (
    <section className={`${CARD} p-4 sm:p-5`} aria-label={app.app_name} data-testid="licence-app">
      <h2 className="mb-3 text-base font-bold text-white">
        <Link to={`/admin/app/${app.app_id}/keys`} className="hover:text-indigo-200">
          {app.app_name}
        </Link>
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Key đã bán" value={app.keys_sold} />
        <Figure label="Đã kích hoạt" value={app.keys_activated} />
        <Figure label={`Đang dùng (${days} ngày)`} value={app.keys_active} tone="text-emerald-300" />
        <Figure label="Hết hạn trong 7 ngày" value={app.expiring_7_days} tone={app.expiring_7_days ? "text-amber-300" : "text-white"} />
      </dl>
      <div className="mt-4">
        <ActivationBars points={app.activations} />
      </div>
      {app.shared_keys.length > 0 && (
        <div className="mt-4 border-t border-white/5 pt-3">
          <h3 className="text-sm font-semibold text-amber-300">Có thể đang chia sẻ key</h3>
          <p className="mb-2 text-xs text-zinc-400">Đổi thiết bị từ 3 lần trở lên trong 30 ngày (người mua tự đổi và admin gỡ thiết bị).</p>
          <ul className="space-y-1 text-sm" aria-label="Có thể đang chia sẻ key">
            {app.shared_keys.map((key) => (
              <li key={key.key_id} className="flex flex-wrap items-center justify-between gap-2">
                <Link to={`/admin/app/${app.app_id}/keys/list?key=${key.key_id}`} className="min-w-0 truncate font-mono text-indigo-300 hover:text-indigo-200">
                  {key.key_code}
                </Link>
                <span className="shrink-0 text-zinc-400">{`${formatNumber(key.moves)} lần · gần nhất ${formatDateTime(key.last_moved_at)}`}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export default function AdminLicensing() {
  const { health } = useLoaderData<typeof clientLoader>();
  const navigation = useNavigation();
  const periodLinks = <PeriodLinks current={health?.days} />;
  if (!health) return <AdminPage title="Giấy phép" actions={periodLinks}>{null}</AdminPage>;
  return (
    <AdminPage title="Giấy phép" subtitle={navigation.state === "loading" ? "Đang tải..." : `Theo giờ Việt Nam, ${health.days} ngày gần nhất`} actions={periodLinks}>
      {health.apps.length === 0 ? (
        <p className={`${CARD} p-6 text-center text-zinc-400`}>Chưa bán key nào</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {health.apps.map((app) => (
            <AppHealth key={app.app_id} app={app} days={health.days} />
          ))}
        </div>
      )}
    </AdminPage>
  );
}
