import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      DEV_VARS_EXAMPLE: Record<string, string>;
      MIGRATION_SEED: string;
      MIGRATION_DB: D1Database;
    }
  }
}
