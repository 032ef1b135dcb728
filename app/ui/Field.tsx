// The shared field wrapper (docs/product.md §2): label, required star, hint and error lines, wired to the
// input with aria-describedby so a screen reader reads them with the field.
import { cloneElement, type InputHTMLAttributes, isValidElement, type ReactNode, useId, useState } from "react";
import { fieldErrorLines, validationSummary } from "@workers/shared/error-messages";
import { formsWords } from "~/i18n/vi/forms";
import { Alert, linesOf } from "~/ui/Alert";
import { useWords } from "~/i18n/words";
import { inputClass } from "~/ui/input-class";

export type FieldErrorsProp = string | string[] | null | undefined;

/** The ids the input should name in aria-describedby. */
export function fieldDescriptionIds(id: string, parts: { hint?: boolean; status?: boolean; errors?: FieldErrorsProp }): string | undefined {
  const ids = [parts.status && `${id}-status`, linesOf(parts.errors).length > 0 && `${id}-error`, parts.hint && `${id}-hint`].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

type FieldProps = {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  errors?: FieldErrorsProp;
  /** A live line under the input (e.g. the availability check); read out politely. */
  status?: ReactNode;
  children: ReactNode;
};

/** A form control given straight to Field: it is marked as the field's (invalid, described by its lines). */
const CONTROLS = new Set(["input", "select", "textarea"]);

export function Field({ id, label, required, hint, errors, status, children }: FieldProps) {
  const lines = linesOf(errors);
  // A bare control is marked here, once for every form: invalid while the field has an error, and
  // described by its error, status and hint lines (a control that marks itself keeps its own).
  const control =
    isValidElement<{ "aria-invalid"?: unknown; "aria-describedby"?: string }>(children) && typeof children.type === "string" && CONTROLS.has(children.type)
      ? cloneElement(children, {
          "aria-invalid": children.props["aria-invalid"] ?? (lines.length > 0 || undefined),
          "aria-describedby": children.props["aria-describedby"] ?? fieldDescriptionIds(id, { hint: Boolean(hint), status: status !== undefined, errors }),
        })
      : children;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
        {required && (
          <span className="ml-0.5 text-red-400" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {control}
      {status !== undefined && (
        <div id={`${id}-status`} aria-live="polite" className="mt-1.5 min-h-5 text-sm">
          {status}
        </div>
      )}
      {lines.length > 0 && (
        <div id={`${id}-error`} className="mt-1.5 space-y-0.5 text-sm text-red-400">
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "children"> & {
  name: string;
  label: string;
  id?: string;
  hint?: ReactNode;
  errors?: FieldErrorsProp;
  status?: ReactNode;
  /** Marks the input invalid when the problem is shown elsewhere (e.g. in the status line). */
  invalid?: boolean;
  /**
   * The field's error is said in the form's ValidationSummary (told once, issue 53 item 4): the input
   * is marked and described by its line there, and the text is not repeated under it.
   */
  summarized?: boolean;
};

/** A labelled input inside Field; password inputs get a show/hide button. */
export function TextField({ name, label, id, hint, errors: given, status, invalid: markedInvalid, summarized, required, type = "text", className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? `${name}-${generated.replace(/:/g, "")}`;
  const [revealed, setRevealed] = useState(false);
  const words = useWords(formsWords);
  const revealLabel = revealed ? words.hidePassword : words.showPassword;
  const said = linesOf(given).length > 0;
  const errors = summarized ? undefined : given;
  const invalid = Boolean(markedInvalid) || said;
  const described = [summarized && said && summaryLineId(name), fieldDescriptionIds(inputId, { hint: Boolean(hint), status: status !== undefined, errors })].filter(Boolean).join(" ");
  const isPassword = type === "password";
  const control = (
    <input
      {...input}
      id={inputId}
      name={name}
      type={isPassword && revealed ? "text" : type}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={described || undefined}
      className={`${inputClass(invalid)} ${isPassword ? "pr-12" : ""} ${className ?? ""}`}
    />
  );
  return (
    <Field id={inputId} label={label} required={required} hint={hint} errors={errors} status={status}>
      {isPassword ? (
        <div className="relative">
          {control}
          <button
            type="button"
            onClick={() => setRevealed((value) => !value)}
            aria-pressed={revealed}
            aria-controls={inputId}
            title={revealLabel}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-zinc-400 hover:text-white"
          >
            <span className="sr-only">{revealLabel}</span>
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
              <circle cx="12" cy="12" r="3" />
              {revealed && <path d="M4 4l16 16" />}
            </svg>
          </button>
        </div>
      ) : (
        control
      )}
    </Field>
  );
}

/**
 * The field errors of a submission the server refused, listed under 'Vui lòng sửa các lỗi sau:'
 * (docs/product.md §8); nothing when no field is at fault. `labels` names fields the shared list does not.
 * The heading and the shared list's names are in the page's language; the messages are the server's.
 * `shownBelow`: the fields whose error the form already says under the field, left out so that
 * nothing is said twice (issue 53 item 4).
 */
export function ValidationSummary({ errors, labels, shownBelow = [] }: { errors: Record<string, string[]> | null | undefined; labels?: Record<string, string>; shownBelow?: readonly string[] }) {
  const words = useWords(formsWords);
  const left = errors ? Object.fromEntries(Object.entries(errors).filter(([field]) => !shownBelow.includes(field))) : errors;
  const named = { ...Object.fromEntries(Object.keys(left ?? {}).map((field) => [field, words.fieldLabel(field)])), ...labels };
  const summary = validationSummary(left, named);
  if (!summary) return null;
  // Each field's line carries an id, so a field whose error is said here (TextField's `summarized`) names it.
  const lines = Object.entries(left ?? {}).flatMap(([field, messages]) => (field === "non_field_errors" ? [] : fieldErrorLines({ [field]: messages }, named).map((line) => ({ field, line }))));
  return (
    <Alert title={summary.lines.length > 0 ? words.summaryHeading : words.summaryFallback} testId="validation-summary">
      {lines.length > 0 && (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {lines.map(({ field, line }) => (
            <li key={field} id={summaryLineId(field)}>
              {line}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

/** The id of `field`'s line in the form's ValidationSummary (one summary on a screen at a time). */
function summaryLineId(field: string): string {
  return `validation-summary-${field}`;
}
