// The admin's CSV downloads: the export is fetched with the admin's token (a plain link could
// not carry it), then handed to the browser as a file. Kept out of api.ts so public pages do not
// ship it.
import { ApiError, apiCall } from "../platform/api";
import { errorMessageFromResponse, networkErrorMessage } from "../platform/api-client";
import { readAccessToken } from "../accounts/session/session";
import { toast } from "../ui/toast";

export type ExportKind = "transactions" | "orders";
export type ExportRange = { from: string; to: string };

function request(path: string): Promise<Response> {
  return fetch(path, { headers: { Authorization: `Bearer ${readAccessToken() ?? ""}` }, credentials: "same-origin" });
}

/** Downloads one export; says what went wrong in a toast. Resolves once the file is handed over. */
export async function downloadExport(kind: ExportKind, range: ExportRange): Promise<void> {
  const path = `/api/admin/exports/${kind}.csv?${new URLSearchParams(range)}`;
  try {
    let response = await request(path);
    if (response.status === 401) {
      // An expired access token: any authorised call refreshes it, then the download is asked again.
      await apiCall((api) => api.api.auth.me.$get(), { auth: true });
      response = await request(path);
    }
    if (!response.ok) {
      toast.error(await errorMessageFromResponse(response));
      return;
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? `${kind}.csv`;
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    toast.error(error instanceof ApiError ? error.message : networkErrorMessage(error));
  }
}
