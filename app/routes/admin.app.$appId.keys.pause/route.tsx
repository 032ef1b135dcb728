// /admin/app/{appId}/keys/pause: pausing the app while a game update breaks its mod, and resuming
// it (issue 55 item 1, workers/licensing/app-pause.ts). The screen is app/licensing/admin/PauseScreen.tsx.
import { type ClientActionFunctionArgs, type ClientLoaderFunctionArgs, useLoaderData } from "@remix-run/react";
import { type ActionResult, jsonBody } from "~/owner/admin-route";
import { loadPause, type PauseAction, type PauseData, runPauseAction } from "../../licensing/admin/pause-data";
import { PauseScreen } from "../../licensing/admin/PauseScreen";

export async function clientLoader({ request, params }: ClientLoaderFunctionArgs): Promise<PauseData> {
  return loadPause(request, params.appId ?? "");
}

export async function clientAction({ request }: ClientActionFunctionArgs): Promise<ActionResult> {
  return runPauseAction(request, await jsonBody<PauseAction>(request));
}

export default function PauseRoute() {
  return <PauseScreen {...useLoaderData<typeof clientLoader>()} />;
}
