// The account screens' buttons and links as classes: the sign-in pages draw them in AuthCard
// (app/accounts/AuthCard.tsx), the profile and its dialogs beside their own content. A module of its
// own, so a page that only styles a button does not load the sign-in pages' card and its spinner
// (scripts/chunks.mjs groups a module with every page that loads it).
export const PRIMARY_BUTTON =
  "inline-flex w-full items-center justify-center gap-2 rounded-xl bg-indigo-600 px-5 py-3 font-semibold text-white shadow-lg shadow-indigo-950/40 transition hover:bg-indigo-500 disabled:cursor-not-allowed disabled:bg-indigo-600/50 disabled:text-white/70";
export const SECONDARY_BUTTON =
  "inline-flex w-full items-center justify-center gap-2 rounded-xl border border-white/10 bg-white/5 px-5 py-3 font-semibold text-zinc-100 transition hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-60";
export const TEXT_LINK = "font-semibold text-indigo-300 underline-offset-4 hover:text-indigo-200 hover:underline";
