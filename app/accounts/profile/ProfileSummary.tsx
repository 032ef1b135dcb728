// The top of the profile: who it is, the balance with the top-up buttons, and three figures.
import { Avatar } from "~/shell/Avatar";
import { useFormat } from "~/i18n/format";
import { profileWords } from "~/i18n/vi/wallet/profile";
import { useWords } from "~/i18n/words";
import type { SessionUser } from "~/accounts/session/session";
import type { TopupKind } from "~/money/topup/topup";
import { TopupButtons } from "../../money/wallet/TopupButtons";

function StatTile({ label, value, tone }: { label: string; value: string; tone: string }) {
  return (
    <div className="rounded-2xl border border-white/5 bg-zinc-900/70 p-4">
      <p className="text-sm text-zinc-400">{label}</p>
      <p className={`mt-1 text-xl font-black break-words sm:text-2xl ${tone}`}>{value}</p>
    </div>
  );
}

export function ProfileSummary({ user, balance, onTopup }: { user: SessionUser; balance: string; onTopup: (kind: TopupKind) => void }) {
  const words = useWords(profileWords);
  const format = useFormat();
  const name = user.full_name?.trim() || user.username;
  return (
    <>
      <section aria-labelledby="profile-name" className="flex flex-col items-center gap-5 rounded-2xl border border-white/5 bg-zinc-900/70 p-5 text-center sm:flex-row sm:p-6 sm:text-left">
        <Avatar user={user} size="xl" />
        <div className="min-w-0 flex-1">
          <h1 id="profile-name" className="text-2xl font-black break-words text-white sm:text-3xl">
            {name}
          </h1>
          <p className="mt-1 break-all text-zinc-400">{user.email}</p>
          <p className="mt-1 text-sm text-zinc-500">{words.joined(format.date(user.created_at))}</p>
          {!user.has_usable_password && (
            <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-sky-500/15 px-3 py-1 text-xs font-semibold text-sky-200">{words.google}</p>
          )}
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto">
          <div className="rounded-xl bg-emerald-500/10 px-5 py-3 text-center ring-1 ring-emerald-500/20">
            <p className="text-xs tracking-wide text-emerald-300/80 uppercase">{words.balance}</p>
            <p className="text-2xl font-black text-emerald-300" data-testid="profile-balance">
              {balance}
            </p>
          </div>
          <div data-testid="profile-topup">
            <TopupButtons onTopup={onTopup} compact />
          </div>
        </div>
      </section>

      <section aria-label={words.stats} className="mt-4 grid gap-3 sm:grid-cols-3">
        <StatTile label={words.walletBalance} value={balance} tone="text-emerald-300" />
        <StatTile label={words.spent} value={format.vnd(user.total_spent ?? 0)} tone="text-white" />
        <StatTile label={words.keys} value={format.number(user.total_keys_purchased ?? 0)} tone="text-indigo-300" />
      </section>
    </>
  );
}
