import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { startEnglish } from "~/i18n/en";
import { NonceContext } from "~/platform/nonce";

// The server renders either language; the browser loads the English words only on English pages.
startEnglish();

// Every page is rendered whole before it is sent: crawlers and link previews get the full
// catalogue, and the HTML can be cached as one piece.
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={loadContext.nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={loadContext.nonce} />
    </NonceContext.Provider>,
    {
      signal: request.signal,
      nonce: loadContext.nonce,
      onError(error: unknown) {
        console.error(error);
        status = 500;
      },
    },
  );
  await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}

// A 404 (scanners probing paths) or a request the visitor abandoned is not a server error.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 404) return;
  console.error(error);
};
