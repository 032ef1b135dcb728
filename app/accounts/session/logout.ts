// Logging out: only the header's menus offer it (app/shell/HeaderMenus.tsx), so it and the API
// call it makes come with them, not with every page.
import { apiCall } from "../../platform/api";
import { clearSession, readRefreshToken } from "./session";

/** Ends the session here and on the server. The server call may fail: the browser forgets anyway. */
export function logout() {
  const refresh = readRefreshToken();
  clearSession();
  if (refresh) {
    apiCall((api) => api.api.auth.logout.$post({ json: { refresh } }), { keepalive: true }).catch(() => {
      // the session is already gone from this browser
    });
  }
}
