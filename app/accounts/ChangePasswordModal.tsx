// Change the password, or create one for an account that signs in with Google (docs/product.md §2, §5). The
// dialog checks the form, then submits it to the profile's clientAction, which calls the API
// (changePassword below).
import { useFetcher } from "@remix-run/react";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import type { Locale } from "~/i18n/locale";
import { passwordDialogWords } from "~/i18n/vi/wallet/password-dialog";
import { useWords, wordsIn } from "~/i18n/words";
import { ApiError, apiCall, type FieldErrors } from "~/platform/api";
import { FALLBACK_ERROR } from "@workers/shared/error-messages";
import { saveSession, type SessionUser } from "~/accounts/session/session";
import { useFetcherAnswer } from "~/ui/forms/fetcher-answer";
import { toast } from "~/ui/toast";
import { focusFirstError, hasErrors, loadAuthSchemas, precheckWith } from "~/ui/forms/validation";
import { SubmitButton } from "~/accounts/AuthCard";
import { SECONDARY_BUTTON } from "~/ui/button-class";
import { Dialog, DialogCloseButton } from "~/ui/Dialog";
import { TextField } from "~/ui/forms/TextField";
import { ValidationSummary } from "~/ui/forms/ValidationSummary";
import { Alert } from "~/ui/Alert";
import { NewPasswordFields } from "~/accounts/NewPasswordFields";

/** The form as sent: a Google account creating its first password has no current one. */
export type PasswordChange = { current_password?: string; new_password: string; confirm_password: string };
type PasswordChanged = { ok: true } | { ok: false; errors: FieldErrors | null; sessionOver?: true };

/** The profile's clientAction for intent "change-password": the API call, the new session kept, the toast (in `locale`'s words). */
export async function changePassword(body: PasswordChange, locale: Locale): Promise<PasswordChanged> {
  const words = wordsIn(locale, passwordDialogWords);
  try {
    // Not tied to request.signal: cut off after the server revoked the other sessions, this tab would lose its new pair.
    const answer = await apiCall((api) => api.api.auth["change-password"].$post({ json: body }), { auth: true });
    // Other sessions were revoked; this tab continues with the pair it was just given (the page
    // follows the stored user).
    saveSession({ access: answer.access, refresh: answer.refresh, user: answer.user, device_token: answer.device_token });
    toast.success(answer.message || (body.current_password === undefined ? words.created : words.changed));
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { ok: false, errors: null, sessionOver: true };
    if (error instanceof ApiError && error.errors) return { ok: false, errors: error.errors };
    const message = error instanceof ApiError ? error.message : "";
    toast.error(message && message !== FALLBACK_ERROR ? message : words.failed);
    return { ok: false, errors: null };
  }
}

export function ChangePasswordModal({
  user,
  onClose,
  onSessionExpired,
}: {
  user: SessionUser;
  onClose: () => void;
  onSessionExpired: () => void;
}) {
  const hasPassword = user.has_usable_password;
  const words = useWords(passwordDialogWords);
  const fields = hasPassword ? (["current_password", "new_password", "confirm_password"] as const) : (["new_password", "confirm_password"] as const);
  const [values, setValues] = useState({ current_password: "", new_password: "", confirm_password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const save = useFetcher<PasswordChanged>();
  useFetcherAnswer(save, (failed) => {
    if (failed.ok) return onClose();
    if (failed.sessionOver) {
      onClose();
      onSessionExpired();
    } else if (failed.errors) {
      const { non_field_errors: general, ...fieldErrors } = failed.errors;
      setErrors(fieldErrors);
      setGeneral(general?.join("\n") ?? null);
      focusFirstError(form.current, fieldErrors, fields);
    }
  });
  const busy = save.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const title = hasPassword ? words.changeTitle : words.createTitle;
  // zod and the schemas come with the open dialog, not with the profile page (issue #27 item 12: the
  // wallet's first load stays light).
  useEffect(() => void loadAuthSchemas().catch(() => {}), []);

  function close() {
    if (!busy) onClose();
  }

  function change(event: ChangeEvent<HTMLInputElement>) {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _field, ...rest }) => rest);
    setGeneral(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = hasPassword ? values : { new_password: values.new_password, confirm_password: values.confirm_password };
    const empty = fields.filter((field) => !values[field]);
    if (empty.length) {
      setGeneral(words.incomplete);
      setErrors(Object.fromEntries(empty.map((field) => [field, []])));
      (form.current?.querySelector(`[name="${empty[0]}"]`) as HTMLInputElement | null)?.focus();
      return;
    }
    const found = await precheckWith((schemas) => schemas.changePasswordSchema, body);
    if (hasErrors(found)) {
      setErrors(found);
      focusFirstError(form.current, found, fields);
      return;
    }
    save.submit({ intent: "change-password", ...body }, { method: "post", encType: "application/json", flushSync: true });
  }

  return (
    <Dialog open onClose={onClose} labelledBy="password-dialog-title" describedBy="password-dialog-note" busy={busy}>
      <div className="flex items-start justify-between gap-4">
        <h2 id="password-dialog-title" className="text-xl font-bold text-white">
          {title}
        </h2>
        <DialogCloseButton onClick={close} />
      </div>
      <p id="password-dialog-note" className="mt-2 text-sm text-zinc-400">
        {hasPassword ? words.changeNote : words.createNote}
      </p>
      <form ref={form} onSubmit={submit} noValidate className="mt-5 space-y-4">
        {/* Lets a password manager file the new password under this account. */}
        <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
        {hasPassword && (
          <TextField
            name="current_password"
            type="password"
            label={words.currentPassword}
            autoComplete="current-password"
            data-autofocus
            required
            value={values.current_password}
            onChange={change}
            errors={errors.current_password}
            invalid={Boolean(errors.current_password)}
            summarized
          />
        )}
        <NewPasswordFields values={values} errors={errors} onChange={change} autoFocus={!hasPassword} summarized />
        <Alert lines={general} />
        {/* The fields' errors, the browser's or the server's, are said here once (a field left empty is only marked). */}
        <ValidationSummary errors={Object.fromEntries(Object.entries(errors).filter(([, messages]) => messages.length > 0))} />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row">
          <button type="button" onClick={close} disabled={busy} className={SECONDARY_BUTTON}>
            {words.cancel}
          </button>
          <SubmitButton busy={busy} busyLabel={words.saving}>
            {title}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
