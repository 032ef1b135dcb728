import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { AppCard, AppCardPlaceholder } from "~/components/AppCard";
import { EmptyCatalogue } from "~/components/EmptyCatalogue";
import { SupportLinks } from "~/components/SupportLinks";
import { formatDateTime } from "~/lib/format";
import { loadCatalogue, publicPageHeaders } from "~/lib/catalogue.server";
import { useNow } from "~/lib/use-now";

export async function loader({ context, request }: LoaderFunctionArgs) {
  return { apps: await loadCatalogue(context, request), now: Date.now() };
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

export default function Home() {
  const { apps, now: serverNow } = useLoaderData<typeof loader>();
  const now = useNow(serverNow);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";
  const lastUpdated = apps.reduce<string | null>((latest, app) => {
    const time = app.updated_at || app.created_at;
    return !latest || time > latest ? time : latest;
  }, null);

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

      {loading ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {Array.from({ length: 8 }, (_, index) => (
            <AppCardPlaceholder key={index} />
          ))}
        </div>
      ) : apps.length === 0 ? (
        <EmptyCatalogue />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Danh sách ứng dụng">
          {apps.map((app) => (
            <li key={app.id} className="flex">
              <div className="w-full [&>a]:h-full">
                <AppCard app={app} now={now} />
              </div>
            </li>
          ))}
        </ul>
      )}

      {lastUpdated && <p className="mt-8 text-center text-sm text-zinc-400">Cập nhật lần cuối: {formatDateTime(lastUpdated)}</p>}

      <footer className="mt-12 flex flex-col items-center gap-4 border-t border-white/5 pt-8 text-sm text-zinc-400">
        <p>Cần hỗ trợ? Liên hệ với chúng tôi:</p>
        <SupportLinks />
        <p>© iOS Game Hack</p>
      </footer>
    </div>
  );
}
