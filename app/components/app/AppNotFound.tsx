import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { NotFound } from "~/root";

/** The app routes' error boundary: a missing app is a 404 page with a link home. */
export function AppErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound title="Không tìm thấy ứng dụng" message="Ứng dụng bạn tìm không tồn tại hoặc đã bị gỡ." />;
  }
  throw error;
}
