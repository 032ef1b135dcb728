// /admin/app/{appId}/keys/list: the key list tab (docs/product.md §2, §4 "Key status", "Cleanup modes"):
// stats, the status filter and pages of 100 (an app may hold 10,000 keys) in the address and
// loaded by clientLoader; ticking, bulk delete, per-key detail/revoke/delete and cleanup go
// through clientAction, after which the list, the stats and the pricing stock reload. So do an
// unsold key's activate/deactivate and a sold key's device reset, extension, ban and unban. The
// screen is app/licensing/admin/KeyListScreen.tsx, the calls ./key-list-data.ts and ./key-list-actions.ts beside it.
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useLoaderData } from "@remix-run/react";
import { type ActionResult, jsonBody } from "~/owner/admin-route";
import { type KeyList, loadKeyList } from "../../licensing/admin/key-list-data";
import { type KeyAction, runKeyAction } from "../../licensing/admin/key-list-actions";
import { KeyListScreen } from "../../licensing/admin/KeyListScreen";

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs): Promise<KeyList> {
  return loadKeyList(request, params.appId);
}

export async function clientAction({ request, params }: ClientActionFunctionArgs): Promise<ActionResult> {
  return runKeyAction(request, params.appId, await jsonBody<KeyAction>(request));
}

export default function KeyListRoute() {
  return <KeyListScreen {...useLoaderData<typeof clientLoader>()} />;
}
