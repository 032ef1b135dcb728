// Registration's live check of a username or e-mail (docs/product.md §2): whether it is still free,
// asked once typing pauses, and the line under the field that says so.
import { useEffect, useState } from "react";
import { Spinner } from "~/ui/Spinner";
import { ApiError, apiCall } from "~/platform/api";
import { registerWords } from "~/i18n/vi/accounts/register";
import { useWords } from "~/i18n/words";
import { precheckWith } from "~/ui/forms/validation";

const AVAILABILITY_DEBOUNCE_MS = 500;

export type Availability =
  | { state: "idle" }
  | { state: "waiting" }
  | { state: "checking" }
  | { state: "available"; message: string }
  | { state: "unavailable"; message: string }
  | { state: "error" }
  | { state: "offline" };

/**
 * The live availability of a username or e-mail: checked 500 ms after typing stops (docs/product.md §2).
 * "waiting" (the pause) shows nothing; "checking" (the request) shows the indicator.
 */
export function useAvailability(field: "username" | "email", value: string): Availability {
  const [availability, setAvailability] = useState<Availability>({ state: "idle" });
  const words = useWords(registerWords);
  useEffect(() => {
    const candidate = value.trim();
    if (!candidate) {
      setAvailability({ state: "idle" });
      return;
    }
    // Submit stays off from the first keystroke until the answer is in.
    setAvailability({ state: "waiting" });
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      // A value the server would refuse anyway is not sent.
      const problems = await precheckWith((schemas) => (field === "username" ? schemas.usernameSchema : schemas.emailSchema), candidate);
      const problem = Object.values(problems)[0]?.[0];
      if (problem) {
        setAvailability({ state: "unavailable", message: problem });
        return;
      }
      setAvailability({ state: "checking" });
      try {
        const json = field === "username" ? { username: candidate } : { email: candidate };
        const answer = await apiCall((api) => api.api.auth["check-availability"].$post({ json }), { signal: controller.signal });
        const entry = answer.data?.[field];
        if (!entry || typeof entry.available !== "boolean") {
          setAvailability({ state: "error" });
        } else if (entry.available) {
          setAvailability({ state: "available", message: entry.message || words.available });
        } else {
          setAvailability({ state: "unavailable", message: entry.message || words.taken });
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.isNetworkError) {
          setAvailability({ state: "offline" });
        } else if (error instanceof ApiError && error.status === 400 && error.errors?.[field]?.[0]) {
          setAvailability({ state: "unavailable", message: error.errors[field][0] });
        } else {
          setAvailability({ state: "error" });
        }
      }
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [field, value, words]);
  return availability;
}

export function isPending(availability: Availability): boolean {
  return availability.state === "waiting" || availability.state === "checking";
}

export function AvailabilityLine({ field, availability }: { field: string; availability: Availability }) {
  const words = useWords(registerWords);
  const common = "flex items-center gap-1.5";
  switch (availability.state) {
    case "idle":
    case "waiting":
      return null;
    case "checking":
      return (
        <span data-availability={field} data-state="checking" className={`${common} text-zinc-400`}>
          <Spinner className="h-3.5 w-3.5" />
          {words.checking}
        </span>
      );
    case "available":
      return (
        <span data-availability={field} data-state="available" className={`${common} text-emerald-400`}>
          <span aria-hidden="true">✓</span>
          {availability.message}
        </span>
      );
    case "unavailable":
      return (
        <span data-availability={field} data-state="unavailable" className={`${common} text-red-400`}>
          <span aria-hidden="true">✗</span>
          {availability.message}
        </span>
      );
    case "error":
    case "offline":
      return (
        <span data-availability={field} data-state={availability.state} className={`${common} text-amber-300`}>
          <span aria-hidden="true">!</span>
          {availability.state === "error" ? words.checkFailed : words.checkOffline}
        </span>
      );
  }
}
