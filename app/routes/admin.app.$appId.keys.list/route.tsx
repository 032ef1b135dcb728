// /admin/app/{appId}/keys/list: the key list tab (docs/product.md §2, §4 "Key status", "Cleanup modes"):
// stats, the status filter and pages of 100 (an app may hold 10,000 keys) in the address and
// loaded by clientLoader; ticking, bulk delete, per-key detail/revoke/delete and cleanup go
// through clientAction, after which the list, the stats and the pricing stock reload. So do an
// unsold key's activate/deactivate and a sold key's device reset, extension, ban and unban. The
// screen is app/licensing/admin/KeyListScreen.tsx, the calls ./key-list-data.ts and ./key-list-actions.ts beside it.
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useLoaderData } from "@remix-run/react";
import { type ActionResult, jsonBody } from "~/owner/admin-route";
import { type KeyList, loadKeyList } from "../../licensing/admin/key-list-data";
import type { KeyAction } from "../../licensing/admin/key-list-actions";
import { fetchOnDemand } from "~/ui/LazyDialog";
import { NETWORK_ERROR } from "@workers/shared/error-texts";
import { KeyListScreen } from "../../licensing/admin/KeyListScreen";
import type { KeyTable } from "../../licensing/admin/KeyTable";

/** A page of keys and the table that shows them: its code is fetched beside them, not with the tab. */
export async function clientLoader({ request, params }: ClientLoaderFunctionArgs): Promise<KeyList & { Table: typeof KeyTable }> {
  const [list, table] = await Promise.all([loadKeyList(request, params.appId), fetchOnDemand(() => import("../../licensing/admin/KeyTable"))]);
  return { ...list, Table: table.KeyTable };
}

// A change comes after a click: its code is fetched then, beside the request's body. One that
// cannot be fetched is told (fetchOnDemand) and leaves the dialog open to try again.
export async function clientAction({ request, params }: ClientActionFunctionArgs): Promise<ActionResult> {
  const [actions, action] = await Promise.all([fetchOnDemand(() => import("../../licensing/admin/key-list-actions")).catch(() => null), jsonBody<KeyAction>(request)]);
  if (!actions) return { ok: false, error: NETWORK_ERROR, errors: null };
  return actions.runKeyAction(request, params.appId, action);
}

export default function KeyListRoute() {
  return <KeyListScreen {...useLoaderData<typeof clientLoader>()} />;
}
