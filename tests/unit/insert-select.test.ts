// workers/db/client.ts insertSelect: the INSERT … SELECT the audit, the notices and the money gates
// write. Drizzle names every column, so the SELECT must give each one, in the table's order.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, insertSelect } from "../../workers/db/client";
import { notifications } from "../../workers/db/schema";

// Building a query runs nothing: no database is needed.
const db = getDb({} as D1Database);

describe("insertSelect", () => {
  it("refuses a name that is no column, so a misspelt guard column cannot quietly store NULL", () => {
    expect(() => insertSelect(db, notifications, { kind: sql`'ops'`, dedupe_keys: sql`'x'` })).toThrow(/dedupe_keys/);
  });

  it("gives every column in the table's order: the values named, else the column's default, else NULL", () => {
    const query = insertSelect(db, notifications, { kind: sql`'ops'`, text: sql`'t'`, created_at: sql`${5}` }, sql`1 = 1`).toSQL();
    expect(query.sql).toBe(
      'insert into "notifications" ("id", "kind", "text", "status", "attempts", "next_attempt_at", "last_error", "dedupe_key", "sent_at", "created_at") ' +
        "SELECT NULL, 'ops', 't', ?, ?, NULL, NULL, NULL, NULL, ? WHERE 1 = 1",
    );
    expect(query.params).toEqual(["pending", 0, 5]);
  });
});
