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
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { ErrorPanel } from "~/ui/ErrorPanel";
import { Footer } from "~/shell/Footer";
import { inLocale, useLocale, useLocalePath } from "~/i18n/locale";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";
import { Header } from "~/shell/Header";
import { pageContext } from "~/platform/site.server";
import { useNonce } from "~/platform/nonce";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // A home screen (iOS, AltStore) shows no SVG: the manifest and the touch icon are PNG.
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const { site, origin } = pageContext(context, request);
  return { site, origin };
}

// The site's name and links come from the settings (app/platform/site.server.ts): no action changes
// them, so an action (a purchase) costs no extra round trip for them.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;

export function useSite() {
  return useRouteLoaderData<typeof loader>("root")?.site ?? { name: "iOS Game Hack", telegramUrl: "", zaloUrl: "" };
}

/** The page's address in each language, for search engines (hreflang) and the language switch. */
function Alternates() {
  const origin = useRouteLoaderData<typeof loader>("root")?.origin;
  const { pathname } = useLocation();
  if (!origin || pathname.startsWith("/admin")) return null;
  return (
    <>
      <link rel="alternate" hrefLang="vi" href={origin + inLocale("vi", pathname)} />
      <link rel="alternate" hrefLang="en" href={origin + inLocale("en", pathname)} />
      <link rel="alternate" hrefLang="x-default" href={origin + inLocale("vi", pathname)} />
    </>
  );
}

/**
 * The toasts' drawing (app/ui/Toaster.tsx) is fetched once the page is up, not with it: no page is
 * served with a toast, and app/ui/toast.ts keeps any raised before it arrives.
 */
function LazyToaster() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    import("~/ui/Toaster").then(
      (module) => setToaster(() => module.Toaster),
      () => undefined,
    );
  }, []);
  return Toaster && <Toaster />;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const site = useSite();
  const locale = useLocale();
  const words = useWords(shellWords);
  return (
    <html lang={locale} className="dark">
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
        <Alternates />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="skip-link">
          {words.skipToContent}
        </a>
        <Header siteName={site.name} />
        {/* At least a screen tall, so the footer starts below the first screen: a page whose
            content arrives after it is drawn (the wallet) does not push a footer in view. */}
        <main id="main" className="min-h-screen flex-1">
          {children}
        </main>
        <Footer />
        <LazyToaster />
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
  const words = useWords(shellWords);
  const to = useLocalePath();
  return (
    <section className="not-found">
      <p className="text-6xl font-black text-indigo-400">404</p>
      <h1 className="mt-4 text-2xl font-bold text-white">{title}</h1>
      <p className="mt-2 text-zinc-400">{message}</p>
      <Link to={to("/")} className="button-primary mt-8">
        {words.backHome}
      </Link>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const words = useWords(shellWords);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound title={words.notFoundTitle} message={words.notFoundMessage} />;
  }
  return <ErrorPanel error={error} />;
}
