// What a service refuses, in its own terms. The API turns each kind into an HTTP status once,
// in its onError (workers/api.ts); services never throw HTTP errors. A refusal carries a declared
// Message (its code and arguments, workers/shared/message.ts), answered in the reader's language.
import { type Message, type Said, textOf } from "../shared/message";

/** Field errors as the product's `errors`: {field: [messages]}, general ones under non_field_errors. */
export type FieldErrors = Record<string, Said[]>;

export type DomainErrorKind = "validation" | "insufficient_funds" | "not_found" | "conflict" | "rate_limited" | "unavailable";

export class DomainError extends Error {
  /** The declared message, when the refusal carries one: its code and its English come from it. */
  readonly said: Message | undefined;

  constructor(
    readonly kind: DomainErrorKind,
    message: Said,
    readonly errors?: FieldErrors,
  ) {
    super(textOf(message));
    this.said = typeof message === "string" ? undefined : message;
  }
}

/** The input breaks a rule; `errors` names the fields. */
export class ValidationError extends DomainError {
  constructor(message: Said, errors?: FieldErrors) {
    super("validation", message, errors);
  }
}

/** Validation of one field: the message is also that field's only error. */
export function fieldError(field: string, message: Said): ValidationError {
  return new ValidationError(message, { [field]: [message] });
}

export class NotFoundError extends DomainError {
  constructor(message: Said) {
    super("not_found", message);
  }
}

/** The thing exists but is not in a state that allows the change (already handled, taken, reused). */
export class ConflictError extends DomainError {
  constructor(message: Said, errors?: FieldErrors) {
    super("conflict", message, errors);
  }
}

export class RateLimitedError extends DomainError {
  constructor(
    message: Said,
    readonly retryAfterSeconds: number,
  ) {
    super("rate_limited", message);
  }
}

/** A service the store depends on is switched off or not configured. */
export class UnavailableError extends DomainError {
  constructor(message: Said) {
    super("unavailable", message);
  }
}

/** The wallet holds less than a purchase costs: what it needs and what it has, in VND. */
export class InsufficientFundsError extends DomainError {
  constructor(
    message: Said,
    readonly required: number,
    readonly current: number,
  ) {
    super("insufficient_funds", message);
  }
}
