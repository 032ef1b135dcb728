// The shared field wrapper (docs/product.md §2): label, required star, hint and error lines, wired to the
// input with aria-describedby so a screen reader reads them with the field. A labelled text input is
// forms/TextField.tsx, a refused form's list forms/ValidationSummary.tsx: pages with neither load
// neither.
import { cloneElement, isValidElement, type ReactNode } from "react";
import { linesOf } from "~/ui/Alert";

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

/** The id of `field`'s line in the form's ValidationSummary (one summary on a screen at a time). */
export function summaryLineId(field: string): string {
  return `validation-summary-${field}`;
}
