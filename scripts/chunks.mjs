// The browser build's shared chunks beyond the shell (vite.config.ts, decision 0021): modules
// several pages load, grouped by who loads them. Each is named by its path, which
// tests/scripts/architecture.test.mjs holds to the files: a rule that names a moved file would
// silently stop grouping (as happened once), and a page would load what it does not show.
export const SHARED_CHUNKS = {
  // Numbers, money and dates in the page's language: the catalogue's pages and the profile.
  format: ["app/lib/use-now.ts", "app/i18n/format.ts", "workers/shared/format.ts"],
  // What the home page shares with the app page (icons, badges, type labels, support links, the
  // words both show), which the profile does not load. The card, the home page's alone, stays in
  // the home page's own file.
  catalogue: [
    "app/components/app/AppIcon.tsx",
    "app/components/app/TypeBadge.tsx",
    "app/components/app/SupportLinks.tsx",
    "app/lib/app-types.ts",
    "app/i18n/vi/catalogue/catalogue.ts",
  ],
  // The one-line failure texts are read on most pages: a few bytes in the shell instead of a
  // file of their own.
  shell: ["workers/shared/error-texts.ts"],
};

/** The shared chunk a module belongs to, by its absolute id, or undefined. */
export function sharedChunkOf(id) {
  for (const [chunk, paths] of Object.entries(SHARED_CHUNKS)) {
    if (paths.some((path) => id.endsWith(`/${path}`))) return chunk;
  }
  return undefined;
}
