import { defineConfig } from "drizzle-kit";

// drizzle-kit only writes the SQL; wrangler applies it (locally, in tests and in production).
export default defineConfig({
  dialect: "sqlite",
  schema: "./workers/db/schema.ts",
  out: "./migrations",
});
