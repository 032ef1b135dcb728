// A buyer's trial claim as the app page's route action (docs/decisions/0026): TrialOffer submits
// {intent: "trial", app_id} with useFetcher; this posts POST /api/keys/trial/ with the buyer's session.
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { ApiError, apiCall } from "~/platform/api";
import { requestLocale } from "~/i18n/locale";
import { trialWords } from "~/i18n/vi/catalogue/trial";
import { wordsIn } from "~/i18n/words";

type TrialRequest = { intent: "trial"; app_id: number };

export async function trialAction({ request }: ClientActionFunctionArgs) {
  const { app_id } = (await request.json()) as TrialRequest;
  try {
    const answer = await apiCall((api) => api.api.keys.trial.$post({ json: { app_id } }), { auth: true });
    return { intent: "trial", ok: true, key_code: answer.key.key_code } as const;
  } catch (error) {
    const message = error instanceof ApiError && error.message ? error.message : wordsIn(requestLocale(request), trialWords).failed;
    return { intent: "trial", ok: false, message } as const;
  }
}

export type TrialResult = Awaited<ReturnType<typeof trialAction>>;
