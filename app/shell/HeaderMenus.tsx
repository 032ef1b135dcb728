// The header's two menus, loaded when one is first wanted (hover, focus or tap on its button):
// most visitors never open them, so the first paint does not carry them (issue #26's page weight).
import { Link } from "@remix-run/react";
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

// A link followed from a menu closes it (the header closes both on a new page, not on a page's own
// change of its query).
export function AccountMenu({ user, onSignedOut, onClose }: { user: SessionUser; onSignedOut: () => void; onClose: () => void }) {
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

export function MobileMenu({ user, name, balance, loginHref, onSignedOut, onClose }: { user: SessionUser | null | undefined; name: string; balance: string | null; loginHref: string; onSignedOut: () => void; onClose: () => void }) {
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
              <span className="block truncate font-semibold text-white">{name}</span>
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
