import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useSessionUser } from "~/accounts/session/session-user";
import { loginPathFor } from "~/accounts/session/login-path";
import type { SessionUser } from "~/accounts/session/session";
import { Avatar } from "./Avatar";
import { lazyDialog } from "../ui/LazyDialog";
import { LanguageSwitch } from "./LanguageSwitch";
import { useLocalePath, withoutLocale } from "~/i18n/locale";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";

function displayName(user: SessionUser): string {
  return user.full_name?.trim() || user.username;
}

/** The balance as this page's language writes it ("60.000 ₫", "60,000 ₫"), or null before it is known. */
export function useBalanceText(user: SessionUser | null | undefined): string | null {
  const words = useWords(shellWords);
  if (!user?.formatted_balance) return null;
  return typeof user.balance === "number" ? words.balance(user.formatted_balance, user.balance) : user.formatted_balance;
}

// The menus come in their own chunk, fetched when a button is hovered, focused or tapped.
const loadMenus = () => import("./HeaderMenus");
// Ahead of the tap; a failure here is told when the menu opens (see lazyDialog).
const prefetchMenus = () => void loadMenus().catch(() => {});
const AccountMenu = lazyDialog(() => loadMenus().then((module) => module.AccountMenu));
const MobileMenu = lazyDialog(() => loadMenus().then((module) => module.MobileMenu));

const ACCOUNT_PAGES = /^\/(login|register|forgot-password|reset-password|auth\/)/;

export function Header({ siteName }: { siteName: string }) {
  // The session lives in the browser, so the server renders the logged-out header.
  const user = useSessionUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const accountRef = useRef<HTMLDivElement>(null);
  const accountButton = useRef<HTMLButtonElement>(null);
  const words = useWords(shellWords);
  const to = useLocalePath();
  const balance = useBalanceText(user);

  // Signed in: the live wallet (its own chunk, so a visitor's pages do not carry it) keeps the
  // balance here and on every screen current (docs/architecture.md, "The live wallet").
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let ended = false;
    // A chunk that cannot be fetched leaves the header as it was (the balance shows, it is not live).
    import("~/money/wallet/live-wallet")
      .then(({ startLiveWallet }) => {
        if (!ended) stop = startLiveWallet();
      })
      .catch(() => undefined);
    return () => {
      ended = true;
      stop?.();
    };
  }, [userId]);

  // Going to another page closes both menus (a link in them closes them too: HeaderMenus.tsx); a
  // page changing its own query (a tab after a credit) does not shut a menu the buyer just opened.
  const [shownAt, setShownAt] = useState(location.pathname);
  if (shownAt !== location.pathname) {
    setShownAt(location.pathname);
    setMenuOpen(false);
    setAccountOpen(false);
  }

  // Escape closes whichever menu is open, and focus goes back to the button that opened it; a
  // click or focus outside the account menu closes it.
  useEffect(() => {
    if (!menuOpen && !accountOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (accountOpen) accountButton.current?.focus();
      setMenuOpen(false);
      setAccountOpen(false);
    };
    const closeAccount = (event: MouseEvent | FocusEvent) => {
      if (!accountRef.current?.contains(event.target as Node)) setAccountOpen(false);
    };
    document.addEventListener("keydown", onKey);
    if (accountOpen) {
      document.addEventListener("click", closeAccount);
      document.addEventListener("focusin", closeAccount);
    }
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", closeAccount);
      document.removeEventListener("focusin", closeAccount);
    };
  }, [menuOpen, accountOpen]);

  // The menus end the session (and say so); the header then closes them and goes home.
  function signedOut() {
    setMenuOpen(false);
    setAccountOpen(false);
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
            <div className="relative" ref={accountRef}>
              <button
                ref={accountButton}
                type="button"
                onClick={() => setAccountOpen((open) => !open)}
                onPointerEnter={prefetchMenus}
                onFocus={prefetchMenus}
                aria-expanded={accountOpen}
                aria-controls="account-menu"
                className="site-account-button"
              >
                <Avatar user={user} size="sm" />
                <span className="text-left leading-tight">
                  <span className="site-account-name">{displayName(user)}</span>
                  {balance && <span className="block text-xs text-emerald-400">{balance}</span>}
                </span>
              </button>
              {accountOpen && <AccountMenu user={user} onSignedOut={signedOut} onClose={() => setAccountOpen(false)} />}
            </div>
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
      {menuOpen && <MobileMenu user={user} name={user ? displayName(user) : ""} balance={balance} loginHref={loginHref} onSignedOut={signedOut} onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
