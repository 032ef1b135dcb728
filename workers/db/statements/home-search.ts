// The home page's search (docs/decisions/0018), as SQL: the statements of the one D1 batch the page
// runs (workers/catalogue/catalogue.ts, searchPage). No imports: `npm run bench:scale`
// (scripts/bench/scale-plans.mjs) reads these same statements' query plans on Node, and
// tests/integration/query-plans.test.ts pins them.

/**
 * The only status a visitor sees. apps.status is NOT NULL with a CHECK of 'active' or 'failed'
 * (failed apps are hidden), so this equality is "not failed". Written as an equality, the index
 * apps_status_updated (status, updated_at) answers max(updated_at) with one entry and gives the
 * grid's order (updated_at DESC, id DESC) without a sort; `status != 'failed'` read every entry
 * of that index for the one, and scanned and sorted the whole table for the other.
 */
export const VISIBLE_STATUS = "active";

/**
 * The search index's query (migrations/0008, FTS5): every word, as a prefix ("chi" finds
 * "Chiến"), quoted so no word is read as FTS syntax. Words are normalised
 * (workers/shared/search.ts), so hold no quote.
 */
function matchExpression(query: string): string {
  return query
    .split(" ")
    .map((word) => `"${word}"*`)
    .join(" ");
}

type Statement = { sql: string; params: (string | number | null)[] };

const MATCHING = `FROM app_search JOIN apps ON apps.id = app_search.rowid
  WHERE app_search MATCH ?1 AND apps.status = '${VISIBLE_STATUS}' AND (?2 IS NULL OR apps.app_type = ?2)`;

/**
 * The search's three statements, in the batch's order: the catalogue's last change, the matches'
 * count, and the page's rows (`apps.*`). Matches are ranked by FTS5's bm25 with the name weighing
 * most (10), then the developer (3), then the bundle id (1); ties most recently updated first, then
 * the highest id, so the order is total and a page is always the same rows. The ranking sorts the
 * matches' ids alone (the subquery `ranked`, bounded by its LIMIT); the page's rows are then read
 * by primary key in that order, which the outer ORDER BY restates and SQLite takes from the
 * subquery as it comes (no second sort).
 */
export function homeSearchStatements(search: { query: string; type: string | null }, page: number, pageSize: number): Statement[] {
  const match = matchExpression(search.query);
  return [
    { sql: `SELECT max(updated_at) AS lastUpdated FROM apps WHERE status = '${VISIBLE_STATUS}'`, params: [] },
    { sql: `SELECT count(*) AS total ${MATCHING}`, params: [match, search.type] },
    {
      sql: `SELECT apps.* FROM (
  SELECT apps.id AS id, bm25(app_search, 10.0, 3.0, 1.0) AS score, apps.updated_at AS updated_at ${MATCHING}
  ORDER BY score, apps.updated_at DESC, apps.id DESC LIMIT ?3 OFFSET ?4
) AS ranked JOIN apps ON apps.id = ranked.id
ORDER BY ranked.score, ranked.updated_at DESC, ranked.id DESC`,
      params: [match, search.type, pageSize, (page - 1) * pageSize],
    },
  ];
}
