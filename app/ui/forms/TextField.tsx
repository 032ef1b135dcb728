// A labelled input inside Field (app/ui/Field.tsx); password inputs get a show/hide button.
import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { formsWords } from "~/i18n/vi/forms";
import { linesOf } from "~/ui/Alert";
import { Field, type FieldErrorsProp, fieldDescriptionIds, summaryLineId } from "~/ui/Field";
import { useWords } from "~/i18n/words";
import { inputClass } from "~/ui/input-class";

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
