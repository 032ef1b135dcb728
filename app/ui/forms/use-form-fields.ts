// A form's field values and field errors (the browser's own checks or the API's `errors`), each
// field wired to its TextField by `field(name)`.
import { type ChangeEvent, useState } from "react";
import type { FieldErrors } from "../../platform/api";

export function useFormFields<Name extends string>(initial: Record<Name, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  // Typing in a field clears its error and the form's general one.
  function change(event: ChangeEvent<HTMLInputElement>) {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _field, non_field_errors: _general, ...rest }) => rest);
  }

  /** What the TextField for `name` takes: its name, value, change handler and errors. */
  function field(name: Name) {
    return { name, value: values[name], onChange: change, errors: errors[name] };
  }

  return { values, errors, setErrors, field };
}
