// The admin's CSV downloads: the export is fetched through the API client with the admin's token
// (a plain link could not carry it), then handed to the browser as a file.
import { ApiError, apiFile } from "../platform/api";
import { toast } from "../ui/toast";

export type ExportKind = "transactions" | "orders";
export type ExportRange = { from: string; to: string };

/** Downloads one export; says what went wrong in a toast. Resolves once the file is handed over. */
export async function downloadExport(kind: ExportKind, range: ExportRange): Promise<void> {
  const path = `/api/admin/exports/${kind}.csv?${new URLSearchParams(range)}`;
  try {
    const response = await apiFile(path);
    const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? `${kind}.csv`;
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    if (error instanceof ApiError) {
      toast.error(error.message);
      return;
    }
    // The client comes with the first call (api.ts), not with the page: here it is in memory, as
    // apiFile and the page's loader called through it.
    const { networkErrorMessage } = await import("../platform/api-client");
    toast.error(networkErrorMessage(error));
  }
}
