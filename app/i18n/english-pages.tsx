// The English pages' layout route (vite.config.ts, englishRoutes): every /en/ page is under it, so
// its module, with every area's English words, is one of the page's route modules. The browser
// loads those beside each other and evaluates them before it hydrates, so the words are known
// before the first render (no flash, no mismatch) and cost the Vietnamese pages nothing.
import { Outlet } from "@remix-run/react";
import { startEnglish } from "./en";

startEnglish();

export default function EnglishPages() {
  return <Outlet />;
}
