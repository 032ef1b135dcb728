import type { ReactNode } from "react";
import { useRequireAuth } from "~/lib/auth";
import { PageSpinner } from "./Spinner";

/** Protected content: rendered only with a stored session, else the visitor is sent to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const allowed = useRequireAuth();
  return allowed ? <>{children}</> : <PageSpinner label="Đang kiểm tra đăng nhập..." />;
}
