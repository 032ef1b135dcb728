import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { type RefObject, useEffect, useRef } from "react";
import { AppCard, AppCardPlaceholder } from "~/catalogue/home/AppCard";
import { EmptyCatalogue } from "../../catalogue/home/EmptyCatalogue";
import { EnglishSuggestion } from "../../catalogue/home/EnglishSuggestion";
import { SupportLinks } from "~/shell/SupportLinks";
import { useFormat } from "~/i18n/format";
import { localeOf, useLocale, useLocalePath } from "~/i18n/locale";
import { homeWords } from "~/i18n/vi/catalogue/home";
import { useWords, wordsIn } from "~/i18n/words";
import { APP_TYPE_VALUES, appTypeLabel } from "~/catalogue/app-types";
import { loadCataloguePage, publicPageHeaders } from "~/catalogue/catalogue.server";
import { useNow } from "~/catalogue/home/use-now";

export async function loader({ context, request }: LoaderFunctionArgs) {
  return { ...(await loadCataloguePage(context, request)), now: Date.now() };
}

export const headers: HeadersFunction = publicPageHeaders;

export const meta: MetaFunction = ({ matches, location }) => {
  const site = (matches.find((match) => match.id === "root")?.data as { site?: { name: string } } | undefined)?.site;
  const name = site?.name ?? "iOS Game Hack";
  const description = wordsIn(localeOf(location.pathname), homeWords).description;
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
  const words = useWords(homeWords);
  const format = useFormat();
  const to = useLocalePath();
  const locale = useLocale();
  const loading = navigation.state === "loading" && navigation.location.pathname === to("/");

  return (
    <>
    {locale === "vi" && <EnglishSuggestion />}
    <div className="home-page">
      <section className="home-head">
        <h1 className="home-title">
          iOS Game Hack
        </h1>
        <p className="home-intro">{words.intro}</p>
      </section>

      <HomeSearchForm query={query} type={type} />
      {filtered && total > 0 && !loading && <p className="home-found">{words.found(total, format.number(total))}</p>}

      {loading ? (
        <div className="home-grid">
          {Array.from({ length: 8 }, (_, index) => (
            <AppCardPlaceholder key={index} />
          ))}
        </div>
      ) : total === 0 && filtered ? (
        <p className="home-notice">
          {words.noMatch}{" "}
          <a href={to("/")} className="home-notice-link">
            {words.clearSearch}
          </a>
        </p>
      ) : total === 0 ? (
        <EmptyCatalogue />
      ) : apps.length === 0 ? (
        <p className="home-notice">
          {words.emptyPage}{" "}
          <Link to={to("/")} className="home-notice-link">
            {words.firstPage}
          </Link>
        </p>
      ) : (
        <ul className="home-grid" aria-label={words.appList}>
          {apps.map((app, index) => (
            <li key={app.id} className="home-cell">
              <AppCard app={app} now={now} firstScreen={index < FIRST_SCREEN_CARDS} />
            </li>
          ))}
        </ul>
      )}

      {totalPages > 1 && <HomePager page={page} totalPages={totalPages} query={query} type={type} />}

      {lastUpdated && <p className="home-updated">{words.lastUpdated(format.dateTime(lastUpdated))}</p>}

      <footer className="home-footer">
        <p>{words.needHelp}</p>
        <SupportLinks />
        <p>© iOS Game Hack</p>
      </footer>
    </div>
    </>
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
  const words = useWords(homeWords);
  const to = useLocalePath();
  const search = useRef<HTMLInputElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  useFieldFollowsAddress(search, query);
  useFieldFollowsAddress(select, type ?? "");
  return (
    <form method="get" action={to("/")} className="home-search">
      <label htmlFor="home-search" className="sr-only">
        {words.searchLabel}
      </label>
      <input
        ref={search}
        id="home-search"
        type="search"
        name="q"
        defaultValue={query}
        placeholder={words.searchPlaceholder}
        className="home-field home-search-input"
      />
      <label htmlFor="home-type" className="sr-only">
        {words.typeLabel}
      </label>
      <select ref={select} id="home-type" name="type" defaultValue={type ?? ""} onChange={(event) => submit(event.currentTarget.form)} className="home-field">
        <option value="">{words.allTypes}</option>
        {APP_TYPE_VALUES.map((value) => (
          <option key={value} value={value}>
            {appTypeLabel(value)}
          </option>
        ))}
      </select>
      <button type="submit" className="button-primary">
        {words.search}
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
  const words = useWords(homeWords);
  const to = useLocalePath();
  const href = (target: number) => {
    const params = new URLSearchParams();
    if (query) params.set("q", query);
    if (type) params.set("type", type);
    if (target > 1) params.set("page", String(target));
    return to(params.size ? `/?${params}` : "/");
  };
  return (
    <nav aria-label={words.pagination} className="home-pager">
      {page > 1 ? (
        <Link to={href(page - 1)} className="home-pager-link" rel="prev">
          {words.previousPage}
        </Link>
      ) : null}
      <span aria-current="page">{words.pageOf(page, totalPages)}</span>
      {page < totalPages ? (
        <Link to={href(page + 1)} className="home-pager-link" rel="next">
          {words.nextPage}
        </Link>
      ) : null}
    </nav>
  );
}
