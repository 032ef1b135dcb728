// What a screen shows when its loader or its rendering threw: the root, the admin and the profile
// segments each render it from their ErrorBoundary. Plain links: a full load starts the app afresh.
import { isRouteErrorResponse } from "@remix-run/react";
import { useLocalePath } from "~/i18n/locale";
import { shellWords } from "~/i18n/vi/shell";
import { useWords } from "~/i18n/words";

/** The id the server gave the failure: the API's `error_id`, or the "Mã lỗi: …" its message ends with. */
export function errorIdOf(error: unknown): string | null {
  const data = isRouteErrorResponse(error) ? error.data : error;
  const given = (data as { error_id?: unknown } | null)?.error_id;
  if (typeof given === "string" && given) return given;
  const message = error instanceof Error ? error.message : typeof data === "string" ? data : "";
  return /(?:Mã lỗi|Error id): ([\w-]+)/.exec(message)?.[1] ?? null;
}

export function ErrorPanel({ error }: { error: unknown }) {
  const id = errorIdOf(error);
  const words = useWords(shellWords);
  const to = useLocalePath();
  return (
    <section role="alert" className="error-panel">
      <h1 className="text-2xl font-bold text-white">{words.errorTitle}</h1>
      <p className="mt-2 text-zinc-400">{words.errorMessage}</p>
      {id && (
        <p className="mt-2 text-sm text-zinc-400">
          {words.errorId} <code className="text-zinc-200">{id}</code>
        </p>
      )}
      <div className="mt-8 flex justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className="button-secondary">
          {words.reload}
        </button>
        <a href={to("/")} className="button-primary">
          {words.backHome}
        </a>
      </div>
    </section>
  );
}
