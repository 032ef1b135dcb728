// The second factor's code field (issue #15): the 6-digit code, or a recovery code. The set-up's
// pieces (the QR code, the secret and the recovery codes) are SecondFactorSetup.tsx, fetched with
// loadSecondFactorSetup.
import { useState } from "react";
import { secondFactorWords } from "~/i18n/vi/accounts/second-factor";
import { useWords } from "~/i18n/words";
import { TextField } from "../ui/forms/TextField";
import { TEXT_LINK } from "../ui/button-class";

export type SecondFactorSetup = typeof import("./SecondFactorSetup");

/**
 * The set-up's pieces show only once a set-up has begun or new recovery codes were made: a file of
 * their own, which a page fetches beside the read or the request after which they show.
 */
export const loadSecondFactorSetup = (): Promise<SecondFactorSetup> => import("./SecondFactorSetup");

/**
 * The one-time code field: a text input (a number input would drop leading zeros) that brings up
 * the number pad and the phone's code autofill. Seven characters: the authenticator shows
 * "123 456", and a pasted space is fine (the server drops it).
 */
function OneTimeCodeField({ errors, hint, autoFocus }: { errors?: string[]; hint: string; autoFocus: boolean }) {
  const words = useWords(secondFactorWords);
  return (
    <TextField
      name="code"
      label={words.code}
      hint={hint}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]{3} ?[0-9]{3}"
      maxLength={7}
      autoFocus={autoFocus}
      required
      errors={errors}
    />
  );
}

/**
 * A recovery code ("abcde-23456", saved or printed at set-up): letters, digits and a hyphen, so the
 * full keyboard, no capitals or corrections, and no code autofill (a text message never holds one).
 * Room for stray spaces around a pasted code.
 */
function RecoveryCodeField({ errors }: { errors?: string[] }) {
  const words = useWords(secondFactorWords);
  return (
    <TextField
      name="code"
      label={words.recoveryCode}
      hint={words.recoveryCodeHint}
      autoComplete="off"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      inputMode="text"
      maxLength={20}
      autoFocus
      required
      errors={errors}
    />
  );
}

/**
 * The code asked for by a form: the 6-digit code, or (where the account has them, allowRecovery)
 * a recovery code after "Dùng mã khôi phục". Both are sent as `code`; the server tells them apart.
 * autoFocus: the sign-in's second step, where typing the code is the only thing to do.
 */
export function SecondFactorCodeField({ errors, allowRecovery = true, autoFocus = false }: { errors?: string[]; allowRecovery?: boolean; autoFocus?: boolean }) {
  const [recovery, setRecovery] = useState(false);
  // After the switch the new field takes the focus: the person just asked for it.
  const [switched, setSwitched] = useState(false);
  const words = useWords(secondFactorWords);
  function toggle() {
    setRecovery((value) => !value);
    setSwitched(true);
  }
  return (
    <div className="space-y-2">
      {recovery ? <RecoveryCodeField errors={errors} /> : <OneTimeCodeField errors={errors} hint={words.codeHint} autoFocus={autoFocus || switched} />}
      {allowRecovery && (
        <button type="button" onClick={toggle} className={`${TEXT_LINK} text-sm`}>
          {recovery ? words.useAppCode : words.useRecoveryCode}
        </button>
      )}
    </div>
  );
}
