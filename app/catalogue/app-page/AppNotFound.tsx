import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { appPageWords } from "~/i18n/vi/catalogue/app-page";
import { useWords } from "~/i18n/words";
import { NotFound } from "~/root";

/** The app routes' error boundary: a missing app is a 404 page with a link home. */
export function AppErrorBoundary() {
  const error = useRouteError();
  const words = useWords(appPageWords);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound title={words.notFound} message={words.notFoundMessage} />;
  }
  throw error;
}
