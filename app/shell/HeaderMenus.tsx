// The header's signed-in button and its two menus, loaded as the page starts when a session is
// stored, else when a menu is first wanted (hover, focus or tap on its button): a visitor's pages do
// not carry them (issue #26's page weight; Header.tsx).
import { Link, useLocation } from "@remix-run/react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useLocalePath } from "~/i18n/locale";
import { menuWords } from "~/i18n/vi/menus";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";
import { logout } from "~/accounts/session/logout";
import type { SessionUser } from "~/accounts/session/session";
import { toast } from "~/ui/toast";
import { Avatar } from "./Avatar";
import { LanguageSwitch } from "./LanguageSwitch";

// The top-up dialogs live on the profile; these open one there.
function useTopupLinks() {
  const words = useWords(menuWords);
  const to = useLocalePath();
  return [
    { to: to("/profile?tab=wallet&topup=vietqr"), label: words.topUpVietQr },
    { to: to("/profile?tab=wallet&topup=card"), label: words.topUpCard },
  ];
}

/** The way into the admin area (issue #27): shown to admins only; the admin pages check again (and stay Vietnamese). */
const ADMIN_PATH = "/admin/overview";

function isAdmin(user: SessionUser): boolean {
  return user.is_superuser === true || user.is_staff === true;
}

/** Signing out, from either menu: the session ends, the person is told, and the header takes them home. */
function useSignOut(onSignedOut: () => void): () => void {
  const words = useWords(menuWords);
  return () => {
    logout();
    toast.success(words.signedOut);
    onSignedOut();
  };
}

function displayName(user: SessionUser): string {
  return user.full_name?.trim() || user.username;
}

/**
 * How an open menu closes besides its links: Escape calls `onEscape`; a click or focus outside
 * `within` calls `onOutside`.
 */
function useMenuCloses(open: boolean, { onEscape, onOutside, within }: { onEscape: () => void; onOutside?: () => void; within?: RefObject<HTMLElement> }) {
  const latest = useRef({ onEscape, onOutside });
  latest.current = { onEscape, onOutside };
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") latest.current.onEscape();
    };
    const away = (event: MouseEvent | FocusEvent) => {
      if (within?.current && !within.current.contains(event.target as Node)) latest.current.onOutside?.();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", away);
    document.addEventListener("focusin", away);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", away);
      document.removeEventListener("focusin", away);
    };
  }, [open, within]);
}

/**
 * While someone is signed in, the live wallet (its own file, which a visitor never fetches) keeps the
 * balance here and on every screen current (docs/architecture.md, "The live wallet"). A file that
 * cannot be fetched leaves the balance as it was: shown, not live.
 */
function useLiveWallet(userId: SessionUser["id"]) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
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
}

/**
 * The signed-in person's button on wide screens (picture, name, balance) and the account menu it
 * opens. Another page closes the menu, a page changing its own query does not; Escape closes it and
 * gives the button back its focus; a click or focus outside closes it.
 */
export function AccountButton({ user, balance, onSignedOut }: { user: SessionUser; balance: string | null; onSignedOut: () => void }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
  }
  useLiveWallet(user.id);
  useMenuCloses(open, {
    onEscape: () => {
      button.current?.focus();
      setOpen(false);
    },
    onOutside: () => setOpen(false),
    within: box,
  });
  return (
    <div className="relative" ref={box}>
      <button ref={button} type="button" onClick={() => setOpen((shown) => !shown)} aria-expanded={open} aria-controls="account-menu" className="site-account-button">
        <Avatar user={user} size="sm" />
        <span className="text-left leading-tight">
          <span className="site-account-name">{displayName(user)}</span>
          {balance && <span className="block text-xs text-emerald-400">{balance}</span>}
        </span>
      </button>
      {open && <AccountMenu user={user} onSignedOut={onSignedOut} onClose={() => setOpen(false)} />}
    </div>
  );
}

// A link followed from a menu closes it (the header closes it on a new page, not on a page's own
// change of its query).
function AccountMenu({ user, onSignedOut, onClose }: { user: SessionUser; onSignedOut: () => void; onClose: () => void }) {
  const words = useWords(menuWords);
  const signOut = useSignOut(onSignedOut);
  const to = useLocalePath();
  const topups = useTopupLinks();
  return (
    <ul id="account-menu" className="absolute right-0 mt-2 w-48 overflow-hidden rounded-xl border border-white/10 bg-zinc-900 py-1 shadow-2xl">
      <li>
        <Link onClick={onClose} to={to("/profile")} className="block px-4 py-2 text-sm hover:bg-white/5">
          {words.profile}
        </Link>
      </li>
      {topups.map((item) => (
        <li key={item.to}>
          <Link onClick={onClose} to={item.to} className="block px-4 py-2 text-sm hover:bg-white/5">
            {item.label}
          </Link>
        </li>
      ))}
      {isAdmin(user) && (
        <li>
          <Link onClick={onClose} to={ADMIN_PATH} className="block px-4 py-2 text-sm hover:bg-white/5">
            {words.admin}
          </Link>
        </li>
      )}
      <li>
        <button type="button" onClick={signOut} className="block w-full px-4 py-2 text-left text-sm text-red-300 hover:bg-white/5">
          {words.signOut}
        </button>
      </li>
    </ul>
  );
}

/** The phones' menu (under 768 px): the account, the top-ups, or the ways in; Escape closes it. */
export function MobileMenu({ user, balance, loginHref, onSignedOut, onClose }: { user: SessionUser | null | undefined; balance: string | null; loginHref: string; onSignedOut: () => void; onClose: () => void }) {
  useMenuCloses(true, { onEscape: onClose });
  const words = useWords(menuWords);
  const signOut = useSignOut(onSignedOut);
  const shell = useWords(shellWords);
  const to = useLocalePath();
  const topups = useTopupLinks();
  return (
    <nav id="mobile-menu" className="border-t border-white/5 bg-zinc-950 px-4 py-3 md:hidden" aria-label={words.menu}>
      {user ? (
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-3 px-2 py-2">
            <Avatar user={user} size="md" />
            <span className="min-w-0 text-sm">
              <span className="block truncate font-semibold text-white">{displayName(user)}</span>
              {balance && <span className="block text-emerald-400">{balance}</span>}
            </span>
          </div>
          <Link onClick={onClose} to={to("/profile")} className="rounded-lg px-2 py-2 hover:bg-white/5">
            {words.profileAndWallet}
          </Link>
          {topups.map((item) => (
            <Link key={item.to} to={item.to} className="rounded-lg px-2 py-2 hover:bg-white/5">
              {item.label}
            </Link>
          ))}
          {isAdmin(user) && (
            <Link onClick={onClose} to={ADMIN_PATH} className="rounded-lg px-2 py-2 hover:bg-white/5">
              {words.admin}
            </Link>
          )}
          <button type="button" onClick={signOut} className="rounded-lg px-2 py-2 text-left text-red-300 hover:bg-white/5">
            {words.signOut}
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <Link onClick={onClose} to={loginHref} className="rounded-xl bg-indigo-600 px-4 py-2 text-center font-semibold text-white">
            {shell.signIn}
          </Link>
          <Link onClick={onClose} to={to("/register")} className="rounded-xl border border-white/10 px-4 py-2 text-center font-semibold text-zinc-100">
            {shell.register}
          </Link>
        </div>
      )}
      <LanguageSwitch className="mt-2 block rounded-lg px-2 py-2 text-sm text-zinc-300 hover:bg-white/5" />
    </nav>
  );
}
