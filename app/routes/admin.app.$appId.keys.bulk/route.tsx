// /admin/app/{appId}/keys/bulk: changing many keys at once, previewed first (issue 55 item 4,
// workers/licensing/key-bulk.ts). The screen is app/licensing/admin/bulk/BulkScreen.tsx.
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { type ActionResult, jsonBody } from "~/owner/admin-route";
import { type BulkAction, type BulkResult, runBulkAction } from "../../licensing/admin/bulk/bulk-data";
import { BulkScreen } from "../../licensing/admin/bulk/BulkScreen";

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<ActionResult<BulkResult>> {
  return runBulkAction(request, await jsonBody<BulkAction>(request));
}

export default function BulkRoute() {
  return <BulkScreen />;
}
