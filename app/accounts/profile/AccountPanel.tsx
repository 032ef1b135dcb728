// The profile's first tab: the account's details, the way to its security page and to a new
// password, and the e-mail notices' switch.
import { Link } from "@remix-run/react";
import { SECONDARY_BUTTON } from "~/ui/button-class";
import { useFormat } from "~/i18n/format";
import { useLocalePath } from "~/i18n/locale";
import { profileWords } from "~/i18n/vi/wallet/profile";
import { useWords } from "~/i18n/words";
import type { SessionUser } from "~/accounts/session/session";
import { MailSwitch } from "../MailSwitch";

function InfoRow({ label, value }: { label: string; value: string | null | undefined }) {
  const words = useWords(profileWords);
  const empty = !value?.trim();
  return (
    <div className="flex flex-col gap-0.5 border-b border-white/5 py-3 last:border-b-0 sm:flex-row sm:items-center sm:gap-4">
      <dt className="text-sm text-zinc-400 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className={`min-w-0 break-words ${empty ? "text-zinc-500 italic" : "font-medium text-white"}`}>{empty ? words.notSet : value}</dd>
    </div>
  );
}

export function AccountPanel({ user, onChangePassword }: { user: SessionUser; onChangePassword: () => void }) {
  const words = useWords(profileWords);
  const format = useFormat();
  const to = useLocalePath();
  return (
    <section aria-labelledby="account-heading">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="account-heading" className="text-lg font-bold text-white">
          {words.account}
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={to("/profile/security")} className={`${SECONDARY_BUTTON} sm:w-auto`}>
            {words.security}
          </Link>
          <button type="button" onClick={onChangePassword} className={`${SECONDARY_BUTTON} sm:w-auto`}>
            {user.has_usable_password ? words.changePassword : words.createPassword}
          </button>
        </div>
      </div>
      <dl className="mt-4">
        <InfoRow label={words.username} value={user.username} />
        <InfoRow label="Email" value={user.email} />
        <InfoRow label={words.firstName} value={user.first_name} />
        <InfoRow label={words.lastName} value={user.last_name} />
        {user.last_login && <InfoRow label={words.lastLogin} value={format.dateTime(user.last_login)} />}
      </dl>
      <MailSwitch user={user} />
    </section>
  );
}
