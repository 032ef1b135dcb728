import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { type RefObject, useEffect, useRef } from "react";
import { AppCard, AppCardPlaceholder } from "~/components/app/AppCard";
import { EmptyCatalogue } from "./EmptyCatalogue";
import { SupportLinks } from "~/components/app/SupportLinks";
import { formatDateTime } from "@workers/shared/format";
import { APP_TYPE_VALUES, appTypeLabel } from "~/lib/app-types";
import { loadCataloguePage, publicPageHeaders } from "~/lib/catalogue.server";
import { useNow } from "~/lib/use-now";

export async function loader({ context, request }: LoaderFunctionArgs) {
  return { ...(await loadCataloguePage(context, request)), now: Date.now() };
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const site = (matches.find((match) => match.id === "root")?.data as { site?: { name: string } } | undefined)?.site;
  const name = site?.name ?? "iOS Game Hack";
  const description = "Tải ứng dụng iOS, game mod, IPA, TestFlight và tweak DEB (rootless, rootful, roothide). Mua key bản quyền bằng ví, nạp tiền qua VietQR hoặc thẻ cào.";
  return [
    { title: name },
    { name: "description", content: description },
    { property: "og:title", content: name },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
};

/** The cards in view before any scrolling on the widest grid (four columns, two rows). */
const FIRST_SCREEN_CARDS = 8;

export default function Home() {
  const { apps, page, totalPages, total, lastUpdated, query, type, now: serverNow } = useLoaderData<typeof loader>();
  const filtered = Boolean(query || type);
  const now = useNow(serverNow);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <section className="mb-8 sm:mb-10">
        <h1 className="text-3xl font-black tracking-tight text-white sm:text-4xl">
          iOS Game Hack
        </h1>
        <p className="mt-2 max-w-2xl text-zinc-400">
          Ứng dụng và game mod cho iOS: IPA, TestFlight, TIPA và tweak DEB cho rootless, rootful, roothide.
        </p>
      </section>

      <HomeSearchForm query={query} type={type} />
      {filtered && total > 0 && !loading && <p className="mb-4 text-sm text-zinc-400">{`Tìm thấy ${total} ứng dụng`}</p>}

      {loading ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {Array.from({ length: 8 }, (_, index) => (
            <AppCardPlaceholder key={index} />
          ))}
        </div>
      ) : total === 0 && filtered ? (
        <p className="rounded-2xl border border-white/5 bg-zinc-900/70 p-6 text-center text-zinc-300">
          Không tìm thấy ứng dụng nào.{" "}
          <a href="/" className="font-semibold text-indigo-300 hover:text-indigo-200">
            Xoá tìm kiếm
          </a>
        </p>
      ) : total === 0 ? (
        <EmptyCatalogue />
      ) : apps.length === 0 ? (
        <p className="rounded-2xl border border-white/5 bg-zinc-900/70 p-6 text-center text-zinc-300">
          Trang này không có ứng dụng nào.{" "}
          <Link to="/" className="font-semibold text-indigo-300 hover:text-indigo-200">
            Về trang đầu
          </Link>
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Danh sách ứng dụng">
          {apps.map((app, index) => (
            <li key={app.id} className="flex [&>a]:w-full">
              <AppCard app={app} now={now} firstScreen={index < FIRST_SCREEN_CARDS} />
            </li>
          ))}
        </ul>
      )}

      {totalPages > 1 && <HomePager page={page} totalPages={totalPages} query={query} type={type} />}

      {lastUpdated && <p className="mt-8 text-center text-sm text-zinc-400">Cập nhật lần cuối: {formatDateTime(lastUpdated)}</p>}

      <footer className="mt-12 flex flex-col items-center gap-4 border-t border-white/5 pt-8 text-sm text-zinc-400">
        <p>Cần hỗ trợ? Liên hệ với chúng tôi:</p>
        <SupportLinks />
        <p>© iOS Game Hack</p>
      </footer>
    </div>
  );
}

/**
 * The search as an ordinary GET form: it works without JavaScript, and the address it leads to
 * (`/?q=&type=`) is a page the edge keeps like any other. With JavaScript the type filter applies
 * as soon as it changes (a new history entry, as the button would make), and both fields follow
 * the address on Back and Forward (issue #27).
 */
function HomeSearchForm({ query, type }: { query: string; type: string | null }) {
  const submit = useSubmit();
  const search = useRef<HTMLInputElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  useFieldFollowsAddress(search, query);
  useFieldFollowsAddress(select, type ?? "");
  const field = "rounded-xl border border-white/10 bg-zinc-950/60 px-3 py-2.5 text-white hover:border-white/20 focus-visible:border-indigo-400";
  return (
    <form method="get" action="/" className="mb-6 flex flex-col gap-2 sm:flex-row">
      <label htmlFor="home-search" className="sr-only">
        Tìm ứng dụng
      </label>
      {/* The placeholder is a size smaller on phones so it is read whole at 390 px; the typed text stays at 16 px (no zoom on iOS). */}
      <input
        ref={search}
        id="home-search"
        type="search"
        name="q"
        defaultValue={query}
        placeholder="Tìm theo tên, nhà phát triển hoặc bundle ID..."
        className={`${field} min-w-0 flex-1 placeholder:text-sm sm:placeholder:text-base`}
      />
      <label htmlFor="home-type" className="sr-only">
        Loại ứng dụng
      </label>
      <select ref={select} id="home-type" name="type" defaultValue={type ?? ""} onChange={(event) => submit(event.currentTarget.form)} className={field}>
        <option value="">Tất cả loại</option>
        {APP_TYPE_VALUES.map((value) => (
          <option key={value} value={value}>
            {appTypeLabel(value)}
          </option>
        ))}
      </select>
      <button type="submit" className="rounded-xl bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-500">
        Tìm kiếm
      </button>
    </form>
  );
}

/**
 * Sets a field to the address's value when the address changes (Back, Forward), but not when the
 * page hydrates: what a visitor typed before the script arrived stays in the box.
 */
function useFieldFollowsAddress(field: RefObject<HTMLInputElement | HTMLSelectElement>, value: string) {
  const shown = useRef(value);
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    if (field.current) field.current.value = value;
  }, [field, value]);
}

/** Pages of the grid as plain links: each page is its own cacheable HTML. */
function HomePager({ page, totalPages, query, type }: { page: number; totalPages: number; query: string; type: string | null }) {
  const href = (to: number) => {
    const params = new URLSearchParams();
    if (query) params.set("q", query);
    if (type) params.set("type", type);
    if (to > 1) params.set("page", String(to));
    return params.size ? `/?${params}` : "/";
  };
  const link = "rounded-xl border border-white/10 bg-zinc-900 px-4 py-2 text-sm font-medium text-zinc-100 hover:bg-zinc-800";
  return (
    <nav aria-label="Phân trang ứng dụng" className="mt-8 flex items-center justify-center gap-3 text-sm text-zinc-300">
      {page > 1 ? (
        <Link to={href(page - 1)} className={link} rel="prev">
          ← Trang trước
        </Link>
      ) : null}
      <span aria-current="page">{`Trang ${page} / ${totalPages}`}</span>
      {page < totalPages ? (
        <Link to={href(page + 1)} className={link} rel="next">
          Trang sau →
        </Link>
      ) : null}
    </nav>
  );
}
