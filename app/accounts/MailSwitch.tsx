// The profile's "Nhận email thông báo" switch (docs/decisions/0032-buyer-mails.md): the expiry
// reminders and the update notices, both on or both off. It posts to the profile's clientAction
// (intent "email-notifications"), which calls the API and keeps the answered user.
import { useFetcher } from "@remix-run/react";
import { type Locale, useLocalePath } from "~/i18n/locale";
import { profileWords } from "~/i18n/vi/wallet/profile";
import { useWords, wordsIn } from "~/i18n/words";
import { ApiError, apiCall } from "~/platform/api";
import { type SessionUser, updateStoredUser } from "~/accounts/session/session";
import { toast } from "~/ui/toast";
import { FALLBACK_ERROR } from "@workers/shared/error-messages";

export type MailSwitched = { ok: true } | { ok: false; sessionOver?: true };

/** The profile's clientAction for intent "email-notifications" (a failure said in `locale`'s words). */
export async function switchEmailNotifications(enabled: boolean, locale: Locale): Promise<MailSwitched> {
  try {
    const answer = await apiCall((api) => api.api.mail.preferences.$post({ json: { email_notifications: enabled } }), { auth: true });
    updateStoredUser(answer.data);
    toast.success(answer.message);
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { ok: false, sessionOver: true };
    toast.error(error instanceof ApiError && error.message !== FALLBACK_ERROR ? error.message : wordsIn(locale, profileWords).mailFailed);
    return { ok: false };
  }
}

export function MailSwitch({ user }: { user: SessionUser }) {
  const save = useFetcher<MailSwitched>();
  const words = useWords(profileWords);
  const to = useLocalePath();
  const busy = save.state !== "idle";
  // A user stored before the setting existed reads as on, the default.
  const saved = user.email_notifications !== false;
  const pending = (save.json as { enabled?: boolean } | undefined)?.enabled;
  const on = busy && typeof pending === "boolean" ? pending : saved;

  return (
    <div className="mt-6 flex items-start justify-between gap-4 rounded-xl border border-white/5 bg-zinc-950/50 p-4">
      <div className="min-w-0">
        <p id="mail-switch-label" className="font-semibold text-white">
          {words.mail}
        </p>
        <p id="mail-switch-hint" className="mt-1 text-sm text-zinc-400">
          {words.mailHint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby="mail-switch-label"
        aria-describedby="mail-switch-hint"
        disabled={busy}
        onClick={() => save.submit({ intent: "email-notifications", enabled: !on }, { method: "post", action: to("/profile?index"), encType: "application/json" })}
        className={`relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400 disabled:opacity-60 ${on ? "bg-indigo-500" : "bg-zinc-700"}`}
      >
        <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${on ? "translate-x-6" : "translate-x-1"}`} />
      </button>
    </div>
  );
}
