// The English pages' layout route (app/i18n/english-routes.ts): every /en/ page is under it, so
// its module, with the words every page shares (the header, its menus and wallet, forms, network
// failures), is one of the page's route modules; each group of pages adds its own words with its
// layout (app/i18n/en/<area>/pages.tsx). The browser loads those beside each other and evaluates
// them before it hydrates, so the words are known before the first render (no flash, no mismatch)
// and cost the Vietnamese pages nothing.
import { Outlet } from "@remix-run/react";
import { setEnglishFormat } from "./format";
import { setEnglish } from "./words";
import { englishFormat } from "./en/format";
import { shell } from "./en/shell";
import { menus } from "./en/menus";
import { network } from "./en/network";
import { forms } from "./en/forms";
import { copy } from "./en/copy";
import { session } from "./en/session";
import { liveWallet } from "./en/wallet/live-wallet";
import { topupHistory } from "./en/wallet/topup-history";

setEnglish({ shell, menus, network, forms, copy, session, liveWallet, topupHistory });
setEnglishFormat(englishFormat);

export default function EnglishPages() {
  return <Outlet />;
}
