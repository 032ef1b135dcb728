// /admin/app/{appId}/keys: key management for one app (spec §2). The parameter is the url slug
// or the id. Everything is loaded in the browser with the admin's token.
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useParams, useSearchParams } from "@remix-run/react";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { AdminGuard, AdminPage, CARD, useAdminError } from "~/components/admin/AdminShell";
import { KeyImportTab } from "~/components/admin/KeyImportTab";
import { KeyListTab } from "~/components/admin/KeyListTab";
import { KeyPricingTab } from "~/components/admin/KeyPricingTab";
import type { PublicPricing as AdminPricing } from "../../workers/services/keys";
import { AppIcon } from "~/components/AppIcon";
import { PageSpinner } from "~/components/Spinner";
import { TypeBadge } from "~/components/TypeBadge";
import { FALLBACK_KEY_TYPES, type KeyTypeOption } from "~/lib/admin";
import { ApiError, apiFetch } from "~/lib/api";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "Quản lý key");

const TABS = [
  { id: "pricing", label: "Cấu hình giá" },
  { id: "import", label: "Thêm key" },
  { id: "keys", label: "Danh sách key" },
] as const;
type Tab = (typeof TABS)[number]["id"];

type AppHeader = { id: number; name: string; icon_url: string | null; app_type: string; url: string };

function tabFrom(value: string | null): Tab {
  return TABS.some((tab) => tab.id === value) ? (value as Tab) : "pricing";
}

/** The public app record for the header; failed apps are not public, so null then. */
async function loadAppHeader(ref: string, signal: AbortSignal): Promise<AppHeader | null> {
  const path = /^\d+$/.test(ref) ? `/api/apps/detail/${ref}/` : `/api/apps/detail-by-url/${encodeURIComponent(ref)}/`;
  try {
    return (await apiFetch<{ data: AppHeader }>(path, { signal })).data;
  } catch {
    return null;
  }
}

function KeyManagement() {
  const { appId = "" } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>(() => tabFrom(searchParams.get("tab")));
  const [header, setHeader] = useState<AppHeader | null>(null);
  const [types, setTypes] = useState<KeyTypeOption[]>(FALLBACK_KEY_TYPES);
  const [pricing, setPricing] = useState<AdminPricing[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "missing" | "failed">("loading");
  const [version, setVersion] = useState(0);
  const handleError = useAdminError();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ pricing: null, import: null, keys: null });

  useEffect(() => {
    const controller = new AbortController();
    loadAppHeader(appId, controller.signal).then((app) => {
      if (!controller.signal.aborted) setHeader(app);
    });
    // The fallback names stand in when the types cannot be loaded (spec §3).
    apiFetch<{ data: KeyTypeOption[] }>("/api/keys/types/", { signal: controller.signal })
      .then((body) => {
        if (!controller.signal.aborted && body.data?.length) setTypes(body.data);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [appId]);

  const loadPricing = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const body = await apiFetch<{ data: AdminPricing[] }>(`/api/keys/apps/${encodeURIComponent(appId)}/pricing/`, { auth: true, signal });
        setPricing(body.data ?? []);
        setState("ready");
      } catch (error) {
        if (signal?.aborted) return;
        if (error instanceof ApiError && error.status === 404) {
          setState("missing");
          return;
        }
        if (!handleError(error, "Lỗi khi tải dữ liệu", (message) => `Lỗi khi tải dữ liệu: ${message}`)) setState("failed");
      }
    },
    [appId, handleError],
  );

  useEffect(() => {
    const controller = new AbortController();
    loadPricing(controller.signal);
    return () => controller.abort();
  }, [loadPricing, version]);

  const changed = useCallback(() => setVersion((value) => value + 1), []);

  function choose(next: Tab) {
    setTab(next);
    setSearchParams(
      (params) => {
        params.set("tab", next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((item) => item.id === tab);
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length].id;
    choose(next);
    tabRefs.current[next]?.focus();
  }

  if (state === "loading") return <PageSpinner label="Đang tải dữ liệu..." />;
  if (state === "missing") {
    return (
      <AdminPage title="Quản lý key">
        <div role="alert" className={`${CARD} p-6 text-center text-red-300`}>
          <p className="font-semibold">ID ứng dụng không hợp lệ</p>
          <Link to="/admin" className="mt-3 inline-block text-sm text-indigo-300 hover:text-indigo-200">
            ← Về danh sách ứng dụng
          </Link>
        </div>
      </AdminPage>
    );
  }

  const title = header?.name ?? appId;
  return (
    <AdminPage
      title={
        <span className="flex items-center gap-3">
          <AppIcon name={title} src={header?.icon_url ?? null} size="sm" />
          <span className="min-w-0 break-words">{title}</span>
          {header && <TypeBadge type={header.app_type} />}
        </span>
      }
      subtitle={header ? `/${header.url} · ID ${header.id}` : `Ứng dụng: ${appId}`}
    >
      <div role="tablist" aria-label="Quản lý key" className="mb-5 flex gap-1 overflow-x-auto border-b border-white/10">
        {TABS.map((item) => {
          const current = item.id === tab;
          return (
            <button
              key={item.id}
              ref={(element) => {
                tabRefs.current[item.id] = element;
              }}
              type="button"
              role="tab"
              id={`tab-${item.id}`}
              aria-selected={current}
              aria-controls={`panel-${item.id}`}
              tabIndex={current ? 0 : -1}
              onClick={() => choose(item.id)}
              onKeyDown={onTabKey}
              className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap ${current ? "border-indigo-400 text-white" : "border-transparent text-zinc-400 hover:text-white"}`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {state === "failed" && tab === "pricing" ? (
          <p className="text-zinc-400">Không tải được bảng giá.</p>
        ) : tab === "pricing" ? (
          <KeyPricingTab app={appId} types={types} pricing={pricing} onChanged={changed} />
        ) : tab === "import" ? (
          <KeyImportTab app={appId} types={types} onImported={changed} />
        ) : (
          <KeyListTab app={appId} version={version} onChanged={changed} />
        )}
      </div>
    </AdminPage>
  );
}

export default function AdminAppKeysRoute() {
  return (
    <AdminGuard>
      <KeyManagement />
    </AdminGuard>
  );
}
