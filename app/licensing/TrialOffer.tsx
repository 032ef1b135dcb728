// "Dùng thử" on an app page that offers trials (issue 55 item 3): a signed-in buyer gets the app's
// trial key here, once per account (asking again shows the same key); a visitor is sent to sign in
// first. The claim is the page's clientAction (./trial-action.ts) through useFetcher.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { loginPathFor } from "~/accounts/session/login-path";
import { readAccessToken } from "~/accounts/session/session";
import { trialWords } from "~/i18n/vi/catalogue/trial";
import { useWords } from "~/i18n/words";
import { CopyButton } from "~/ui/CopyButton";
import { Spinner } from "~/ui/Spinner";
import type { TrialResult } from "./trial-action";
import { Alert } from "~/ui/Alert";

export function TrialOffer({ appId, hours }: { appId: number; hours: number }) {
  const words = useWords(trialWords);
  const headingId = useId();
  const location = useLocation();
  const fetcher = useFetcher<TrialResult>();
  // Null until the browser has read its storage: the server renders the button disabled.
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => setSignedIn(Boolean(readAccessToken())), []);
  if (hours < 1) return null;
  const result = fetcher.data;
  const claiming = fetcher.state !== "idle";

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-white/5 bg-zinc-900/70 p-4 sm:p-5" data-testid="trial-offer">
      <h2 id={headingId} className="text-lg font-bold text-white">
        {words.heading}
      </h2>
      <p className="mt-1 text-sm text-zinc-400">{words.intro(hours)}</p>
      {result?.ok ? (
        <div className="mt-4 flex flex-wrap items-center gap-2" data-testid="trial-key">
          <span className="text-sm text-zinc-300">{words.yourKey}</span>
          <code className="rounded-lg bg-black/40 px-2 py-1 font-mono text-emerald-300">{result.key_code}</code>
          <CopyButton value={result.key_code} label={words.keyLabel} copiedMessage={words.copied} />
        </div>
      ) : signedIn === false ? (
        <a href={loginPathFor(`${location.pathname}${location.search}`)} className="mt-4 inline-flex rounded-2xl bg-indigo-600 px-5 py-3 text-sm font-bold text-white hover:bg-indigo-500">
          {words.signIn}
        </a>
      ) : (
        <button
          type="button"
          disabled={signedIn === null || claiming}
          onClick={() => fetcher.submit({ intent: "trial", app_id: appId }, { method: "post", encType: "application/json" })}
          className="mt-4 inline-flex items-center gap-2 rounded-2xl bg-indigo-600 px-5 py-3 text-sm font-bold text-white hover:bg-indigo-500 disabled:opacity-70"
        >
          {claiming && <Spinner />}
          {claiming ? words.claiming : words.tryIt}
        </button>
      )}
      {result && !result.ok && <Alert className="mt-3" lines={result.message} />}
    </section>
  );
}
