// The phones signed in through a package manager (Sileo, Zebra), each with its way out: the
// security page's last section. Ending one is the page's action ("end-phone",
// app/routes/profile.security.tsx).
import { useFetcher } from "@remix-run/react";
import { SECONDARY_BUTTON } from "~/ui/button-class";
import { useFormat } from "~/i18n/format";
import { securityWords } from "~/i18n/vi/accounts/security";
import { useWords } from "~/i18n/words";

export type Phone = { id: number; model: string; udid_end: string; created_at: string };

/** Ends one signed-in phone through the page's action, beside the page's other forms. */
function EndPhoneButton({ id, label }: { id: number; label: string }) {
  const ending = useFetcher();
  return (
    <button
      type="button"
      disabled={ending.state !== "idle"}
      className={`${SECONDARY_BUTTON} w-auto px-3 py-1.5`}
      onClick={() => ending.submit({ intent: "end-phone", phone: String(id) }, { method: "post", flushSync: true })}
    >
      {label}
    </button>
  );
}

export function SignedInPhones({ phones }: { phones: Phone[] }) {
  const phoneWords = useWords(securityWords);
  const format = useFormat();
  return (
    <>
      <h2 className="mt-8 text-lg font-bold text-white">{phoneWords.phonesTitle}</h2>
      {phones.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">{phoneWords.phonesEmpty}</p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="signed-in-phones">
          {phones.map((phone) => (
            <li key={phone.id} className="flex items-center justify-between gap-3 rounded-xl border border-white/10 p-3 text-sm text-zinc-200">
              <span>{phoneWords.phoneLine(phone.model, phone.udid_end, format.dateTime(phone.created_at))}</span>
              <EndPhoneButton id={phone.id} label={phoneWords.signOutPhone} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
