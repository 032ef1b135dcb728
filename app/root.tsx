import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPanel } from "~/components/ErrorPanel";
import { Header } from "~/components/header/Header";
import { Toaster } from "~/components/Toaster";
import { pageContext } from "~/lib/site.server";
import { useNonce } from "~/lib/nonce";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // A home screen (iOS, AltStore) shows no SVG: the manifest and the touch icon are PNG.
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ context, request }: LoaderFunctionArgs) {
  return { site: pageContext(context, request).site };
}

// The site's name and links come from the settings (app/lib/site.server.ts): no action changes
// them, so an action (a purchase) costs no extra round trip for them.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;

export function useSite() {
  return useRouteLoaderData<typeof loader>("root")?.site ?? { name: "iOS Game Hack", telegramUrl: "", zaloUrl: "" };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const site = useSite();
  return (
    <html lang="vi" className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#09090b" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-status-bar-style" content="black-translucent" />
        <meta name="apple-mobile-web-app-title" content={site.name} />
        <meta name="application-name" content={site.name} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-indigo-600 focus:px-3 focus:py-2">
          Bỏ qua đến nội dung
        </a>
        <Header siteName={site.name} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function NotFound({ title, message }: { title: string; message: string }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-black text-indigo-400">404</p>
      <h1 className="mt-4 text-2xl font-bold text-white">{title}</h1>
      <p className="mt-2 text-zinc-400">{message}</p>
      <Link to="/" className="mt-8 rounded-xl bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-500">
        Về trang chủ
      </Link>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound title="Không tìm thấy trang" message="Trang bạn tìm không tồn tại hoặc đã bị xóa." />;
  }
  return <ErrorPanel error={error} />;
}
