// The browser build's shared chunks beyond the shell (vite.config.ts; decisions 0021, 0043, 0071),
// by folder, with no list of files. A module that two or more pages load through static imports
// goes to a group named after its area (the first folder under app/ or workers/; the words in
// app/i18n/<language>/<area>/ belong to <area>; a package is its own area) and the pages that
// load it: an area's modules that the same pages load come as one file, and no page loads a shared
// module it does not use. A module goes with an importer that exactly the same pages load (a
// component's words and helpers come with it). What one page loads stays with its route, and what
// is loaded lazily stays lazy (Rollup places both), except a module of a named folder that one page
// and lazy code both load: it comes in its folder's group.

/**
 * The named exceptions, by folder: the modules directly in it that two or more pages load are one
 * group, whichever of those pages load them. tests/scripts/architecture.test.mjs holds them to the
 * files: an exception whose folder holds no module would silently stop grouping.
 */
export const FOLDER_GROUPS = {
  // What the home page shares with the app page and the admin's screens (icon, badges, type labels):
  // one file, where split by page the home page would load three. The support links, which no admin
  // screen shows, are app/shell/SupportLinks.tsx, outside the group.
  "app/catalogue": "catalogue",
  // The home page's card and clock: the admin's app form shows the card as its preview.
  "app/catalogue/home": "home",
};

/**
 * Folders whose modules go with the workers/shared module they import: the page's language's
 * formatting (app/i18n/format.ts) and the shared formatting it wraps are one file for every page
 * that formats numbers, money or dates, as the home page has no room for a second.
 */
export const WITH_SHARED = ["app/i18n"];

/** A module's path in the project (app/…, workers/…) or its package (node_modules/<name>), or undefined. */
function pathOf(id) {
  if (id.includes("\0") || id.includes("?")) return undefined;
  if (id.includes("/node_modules/")) return `node_modules/${id.split("/node_modules/").pop().split("/")[0]}`;
  return id.match(/\/((?:app|workers)\/.+)$/)?.[1];
}

/** The area a path belongs to: its first folder under app/ or workers/ (a word file's area), or its package. */
export function areaOf(path) {
  const words = path.match(/^app\/i18n\/(?:vi|en)\/([^/]+)\//);
  if (words) return words[1];
  const folder = path.match(/^(?:app|workers)\/([^/]+)\//)?.[1];
  return folder ?? path.match(/^node_modules\/(.+)$/)?.[1].replace(/[^\w-]/g, "") ?? "app";
}

/**
 * Modules in the order of their paths in the project. Rollup's order of modules and importers
 * follows the order files finished loading, which differs between builds and machines; the groups'
 * numbers and members must not (a page's weight is held to its budget to the byte).
 */
const byPath = (a, b) => {
  const [x, y] = [pathOf(a) ?? a, pathOf(b) ?? b];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** For each module, the entries (pages' route modules) that load it through static imports. */
function pagesByModule(getModuleIds, getModuleInfo) {
  const pages = new Map();
  for (const entry of getModuleIds()) {
    if (!getModuleInfo(entry)?.isEntry) continue;
    const seen = new Set();
    const todo = [entry];
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      todo.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    for (const id of seen) pages.set(id, [...(pages.get(id) ?? []), entry]);
  }
  for (const entries of pages.values()) entries.sort(byPath);
  return pages;
}

/**
 * The rule as Rollup's manualChunks beyond the shell: (id, Rollup's module graph) → the module's
 * group, or undefined. Make one per build: it reads the graph once.
 */
export function sharedChunks() {
  let pagesOf;
  const groups = new Map();
  // "area pages" → the area's group number: short names, as each file's imports spell them.
  const numbers = new Map();
  const pagesKey = (id) => (pagesOf.get(id) ?? []).join("\n");
  const groupOf = (id, getModuleInfo) => {
    if (groups.has(id)) return groups.get(id);
    groups.set(id, undefined); // an import cycle reads "no group" while it is worked out
    const path = pathOf(id);
    let group;
    const folder = path?.slice(0, path.lastIndexOf("/"));
    const info = path && getModuleInfo(id);
    const pages = pagesOf.get(id) ?? [];
    if (info && pages.length === 1 && FOLDER_GROUPS[folder] && info.importers.some((other) => !pagesOf.has(other))) {
      // One page loads it and lazy code does too, so it would be a file of its own: it comes in its
      // folder's group instead, one file fewer for the page (the home page's card, which the admin's
      // lazily loaded app form shows as its preview).
      group = FOLDER_GROUPS[folder];
    } else if (info && pages.length >= 2) {
      if (WITH_SHARED.includes(folder)) {
        const shared = info.importedIds.find((other) => pathOf(other)?.startsWith("workers/shared/"));
        group = shared && groupOf(shared, getModuleInfo);
      }
      group ??= FOLDER_GROUPS[folder];
      const importer = group ? undefined : [...info.importers].sort(byPath).find((other) => pagesKey(other) === pagesKey(id) && groupOf(other, getModuleInfo));
      group ??= importer && groupOf(importer, getModuleInfo);
      if (!group) {
        const area = areaOf(path);
        const key = `${area} ${pagesKey(id)}`;
        if (!numbers.has(key)) numbers.set(key, [...numbers.keys()].filter((other) => other.startsWith(`${area} `)).length + 1);
        group = `${area}${numbers.get(key)}`;
      }
    }
    groups.set(id, group);
    return group;
  };
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!pagesOf) {
      pagesOf = pagesByModule(getModuleIds, getModuleInfo);
      // Every module's group, worked out in path order: numbers given in the order Rollup asks
      // would follow its loading order.
      for (const module of [...getModuleIds()].sort(byPath)) groupOf(module, getModuleInfo);
    }
    return groupOf(id, getModuleInfo);
  };
}
