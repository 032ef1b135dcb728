import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useSessionUser } from "~/accounts/session/session-user";
import { loginPathFor } from "~/accounts/session/login-path";
import { readAccessToken, type SessionUser } from "~/accounts/session/session";
import { lazyDialog } from "../ui/LazyDialog";
import { LanguageSwitch } from "./LanguageSwitch";
import { useLocalePath, withoutLocale } from "~/i18n/locale";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";

/**
 * The balance as this page's language writes it ("60.000 ₫", "60,000 ₫"), or null before it is known:
 * in Vietnamese the stored user's own writing of it, so the frame carries no formatter.
 */
function useBalanceText(user: SessionUser | null | undefined): string | null {
  const words = useWords(shellWords);
  if (!user?.formatted_balance) return null;
  return typeof user.balance === "number" ? words.balance(user.formatted_balance, user.balance) : user.formatted_balance;
}

// The signed-in person's button and the menus come in their own file (HeaderMenus.tsx): fetched
// as the page starts when a session is stored, else when a menu button is hovered, focused or
// tapped. A visitor who opens no menu never fetches it.
let menusFile: Promise<typeof import("./HeaderMenus")> | undefined;
function loadMenus() {
  menusFile ??= import("./HeaderMenus").catch((error) => {
    menusFile = undefined; // the next wish fetches it again
    throw error;
  });
  return menusFile;
}
if (typeof window !== "undefined" && readAccessToken()) void loadMenus().catch(() => {});
// Ahead of the tap; a failure here is told when the menu opens (see lazyDialog).
const prefetchMenus = () => void loadMenus().catch(() => {});
const MobileMenu = lazyDialog(() => loadMenus().then((module) => module.MobileMenu));

/**
 * The signed-in parts of the header (HeaderMenus.tsx) once their file is here (fetched while
 * someone is signed in). A file that could not be fetched is asked for again on the next page; until then the
 * wide header shows no account button (the phone's balance and menu stay).
 */
function useSignedInParts(signedIn: boolean, pathname: string) {
  const [parts, setParts] = useState<typeof import("./HeaderMenus")>();
  useEffect(() => {
    if (!signedIn || parts) return;
    let ended = false;
    loadMenus().then(
      (module) => ended || setParts(() => module),
      () => undefined,
    );
    return () => {
      ended = true;
    };
  }, [signedIn, parts, pathname]);
  return parts;
}

const ACCOUNT_PAGES = /^\/(login|register|forgot-password|reset-password|auth\/)/;

export function Header({ siteName }: { siteName: string }) {
  // The session lives in the browser, so the server renders the logged-out header.
  const user = useSessionUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const words = useWords(shellWords);
  const to = useLocalePath();
  const balance = useBalanceText(user);
  const signedInParts = useSignedInParts(Boolean(user), location.pathname);

  // Going to another page closes the menu (a link in it closes it too: HeaderMenus.tsx); a page
  // changing its own query (a tab after a credit) does not shut a menu the buyer just opened.
  const [shownAt, setShownAt] = useState(location.pathname);
  if (shownAt !== location.pathname) {
    setShownAt(location.pathname);
    setMenuOpen(false);
  }

  // The menus end the session (and say so); the header then closes them and goes home.
  function signedOut() {
    setMenuOpen(false);
    navigate(to("/"));
  }

  // From an account page the login link starts over; elsewhere it brings the visitor back here.
  const loginHref = ACCOUNT_PAGES.test(withoutLocale(location.pathname)) ? to("/login") : loginPathFor(location.pathname + location.search);

  return (
    <header className="site-header">
      <div className="site-header-bar">
        <Link to={to("/")} className="site-logo">
          <span className="site-logo-mark" aria-hidden="true">
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round">
              <path d="M6 11h4M8 9v4M15 12h.01M18 10h.01" />
              <rect x="2" y="6" width="20" height="12" rx="6" />
            </svg>
          </span>
          {siteName}
        </Link>

        {/* Wide screens */}
        <nav className="site-nav-wide" aria-label={words.accountNav}>
          <LanguageSwitch className="site-nav-link" />
          {user ? (
            signedInParts && <signedInParts.AccountButton user={user} balance={balance} onSignedOut={signedOut} />
          ) : (
            <Link to={loginHref} className="site-sign-in">
              {words.signIn}
            </Link>
          )}
        </nav>
        {/* Phones: under 768 px the account actions sit behind a menu button; the balance stays in sight (issue #27) */}
        <div className="site-nav-phone">
          {balance && (
            <Link to={to("/profile?tab=wallet")} className="site-balance-phone">
              {balance}
            </Link>
          )}
          <button
            type="button"
            className="site-menu-button"
            aria-label={words.openMenu}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
            onPointerEnter={prefetchMenus}
            onFocus={prefetchMenus}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
      {menuOpen && <MobileMenu user={user} balance={balance} loginHref={loginHref} onSignedOut={signedOut} onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
