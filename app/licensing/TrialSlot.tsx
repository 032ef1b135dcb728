// Where an app page with trials shows "Dùng thử" (./TrialOffer.tsx): loaded in the browser only, in
// a chunk of its own, so an app page pays for it only when the app offers a trial (page weight,
// docs/performance.md). The offer's button works only once hydrated, so nothing is lost on the server.
import { lazy, Suspense, useEffect, useState } from "react";

const TrialOffer = lazy(() => import("./TrialOffer").then((module) => ({ default: module.TrialOffer })));

export function TrialSlot({ appId, hours }: { appId: number; hours: number }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || hours < 1) return null;
  return (
    <Suspense fallback={null}>
      <TrialOffer appId={appId} hours={hours} />
    </Suspense>
  );
}
