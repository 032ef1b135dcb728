// A list's filters as a form: a change submits the form the Remix way (a GET of the screen's own
// address, its loader reads the query), rather than a query built by hand for each screen.
import { useSubmit } from "@remix-run/react";

/**
 * Submits a filter form's own fields as the address's query: empty ones are left out, so the
 * address names only what filters; a parameter the form does not hold (the page) starts over.
 * History is replaced and the scroll kept, as for any change of a list's view.
 */
export function useFilterSubmit(): (form: HTMLFormElement | null) => void {
  const submit = useSubmit();
  return (form) => {
    if (!form) return;
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "") query.append(name, value.trim());
    }
    submit(query, { method: "get", replace: true, preventScrollReset: true });
  };
}
