// The wallet's way back to the purchase its balance did not cover (?back=), and the only places it may lead.
import { Link, useSearchParams } from "@remix-run/react";
import { walletWords } from "~/i18n/vi/wallet/wallet";
import { useWords } from "~/i18n/words";

/**
 * The only places ?back= may lead: an app page (`/slug`, `/en/slug`) or the checkout that Sileo and
 * Zebra open (`/sileo/checkout?ticket=…`, app/routes/sileo.checkout.tsx), never another site.
 */
const BACK_PLACE = /^\/(?:en\/)?(?:[\w-]+|sileo\/checkout\?ticket=[\w-]+)$/;

/** Come from a purchase the balance did not cover (?back=: PurchaseConfirmDialog.tsx, the Sileo checkout): the way back to it. */
export function BackToApp() {
  const words = useWords(walletWords);
  const back = useSearchParams()[0].get("back");
  if (!back || !BACK_PLACE.test(back)) return null;
  return (
    <Link to={back} className="inline-block font-semibold text-indigo-300 underline underline-offset-2 hover:text-indigo-200" data-testid="wallet-back-to-app">
      {words.backToApp}
    </Link>
  );
}
