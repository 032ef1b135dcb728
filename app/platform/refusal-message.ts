// What api-client.ts fetches with the first refusal it reads: the rule that turns a refusal's body
// into one message (workers/shared/error-messages.ts). A module of its own, so the lazy import
// names one function and the shared rules keep their short names in every page that loads them.
export { extractErrorMessage } from "@workers/shared/error-messages";
