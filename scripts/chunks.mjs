// The browser build's shared chunks beyond the shell (vite.config.ts, decision 0021): modules
// several pages load, grouped by who loads them. Each is named by its path, which
// tests/scripts/architecture.test.mjs holds to the files: a rule that names a moved file would
// silently stop grouping (as happened once), and a page would load what it does not show.
export const SHARED_CHUNKS = {
  // Numbers, money and dates in the page's language: the catalogue's pages and the profile.
  format: ["app/catalogue/home/use-now.ts", "app/i18n/format.ts", "workers/shared/format.ts"],
  // What the home page shares with the app page (icons, badges, type labels, support links, the
  // words both show), which the profile does not load.
  catalogue: [
    "app/catalogue/AppIcon.tsx",
    "app/catalogue/TypeBadge.tsx",
    "app/catalogue/SupportLinks.tsx",
    "app/catalogue/app-types.ts",
    "app/i18n/vi/catalogue/catalogue.ts",
  ],
  // The one-line failure texts are read on most pages: a few bytes in the shell instead of a
  // file of their own.
  shell: ["workers/shared/error-texts.ts"],
  // The home page and the card it lists, one file. The admin's app form shows the same card as
  // its preview, so it loads this file too (an admin's desktop page, not a buyer's phone).
  home: ["app/routes/_index/route.tsx", "app/catalogue/home/AppCard.tsx"],
  // The app page (/:slug, and /app/:id that forwards to it) with the purchase it offers.
  "app-page": ["app/catalogue/app-page/app-page-route.tsx", "app/catalogue/app-page/app-meta.ts"],
  // A form's pending state and its answer: the app page, the account pages and the profile.
  pending: ["app/ui/Spinner.tsx", "app/ui/forms/fetcher-answer.ts"],
  // The account pages' card: sign-in and its second step, registration, forgotten and new password,
  // the return from Google, unsubscribe and the profile (not the admin's pages, nor the 404 page).
  account: ["app/accounts/AuthCard.tsx"],
  // The store's refusals as the browser words them: named on their own, as the API client (every
  // page's first call) needs them, and any group holding them would come along with it.
  // With them, what every page with data functions loads (the account pages, the profile, the
  // admin's; the 404 page for its title): a page's title, a data function's redirect, and a text
  // field's look (the admin's screens style their filters with it without Field's words and checks).
  refusals: ["workers/shared/error-messages.ts", "app/ui/meta.ts", "app/ui/forms/redirect-response.ts", "app/ui/input-class.ts"],
  // Signing in with Google and where a sign-in lands: sign-in, registration and the return from
  // Google (the second step's page takes the Google half along, about 1 KB it does not use).
  "sign-in": ["app/accounts/session/google.ts", "app/accounts/session/redirects.ts"],
  // Fields and their checks: the sign-in, registration, reset and security forms (and the admin's).
  forms: ["app/ui/Field.tsx", "app/i18n/vi/forms.ts", "app/ui/forms/validation.ts"],
  // A signed-in call's session handling: named, or the app page's file would take it and every
  // page that needs it would load the app page.
  auth: ["app/accounts/session/auth.ts", "app/i18n/vi/session.ts"],
  // Prices and the wallet's figures: the app page and the profile.
  wallet: ["workers/shared/money/pricing.ts", "app/money/wallet/wallet-figures.ts"],
};

/** The shared chunk a module belongs to, by its absolute id, or undefined. */
export function sharedChunkOf(id) {
  for (const [chunk, paths] of Object.entries(SHARED_CHUNKS)) {
    if (paths.some((path) => id.endsWith(`/${path}`))) return chunk;
  }
  return undefined;
}
