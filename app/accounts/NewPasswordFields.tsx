// A new password and its confirmation, as the reset link and the profile's password dialog ask
// for them (docs/product.md §5: at least 8 characters; the two must match).
import type { ChangeEvent } from "react";
import { newPasswordWords } from "~/i18n/vi/accounts/new-password";
import { useWords } from "~/i18n/words";
import type { FieldErrors } from "~/platform/api";
import { TextField } from "../ui/forms/TextField";

const FIELDS = [
  { name: "new_password", label: "newPassword", hint: "hint" },
  { name: "confirm_password", label: "confirmNewPassword", hint: undefined },
] as const;

/** `errors` may hold an empty list for a field that is wrong without a message of its own (left empty). */
export function NewPasswordFields({
  values,
  errors,
  onChange,
  autoFocus,
  summarized,
}: {
  values: Record<(typeof FIELDS)[number]["name"], string>;
  errors: FieldErrors;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  autoFocus?: boolean;
  /** Their errors are said in the form's ValidationSummary, not under them (TextField's `summarized`). */
  summarized?: boolean;
}) {
  const words = useWords(newPasswordWords);
  return FIELDS.map(({ name, label, hint }, index) => (
    <TextField
      key={name}
      name={name}
      type="password"
      label={words[label]}
      hint={hint && words[hint]}
      autoComplete="new-password"
      data-autofocus={(autoFocus && index === 0) || undefined}
      required
      value={values[name]}
      onChange={onChange}
      errors={errors[name]}
      invalid={errors[name] !== undefined}
      summarized={summarized}
    />
  ));
}
