// What the browser's API client says when no answer came, or one it cannot read (docs/product.md §8;
// app/platform/api-client.ts). The Vietnamese are the product's shared texts; English twin:
// app/i18n/en/network.ts.
import { NETWORK_ERROR, SERVER_UNREACHABLE } from "@workers/shared/error-texts";
import { defineWords } from "../words";

export const networkWords = defineWords("network", {
  networkError: NETWORK_ERROR,
  serverUnreachable: SERVER_UNREACHABLE,
  serverError: (status: number, statusText: string) => `Lỗi server (${status}): ${statusText}`,
});
