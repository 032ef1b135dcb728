// The import aliases (`~` for app/, `@workers` for workers/) are declared once, in tsconfig.json's
// `paths`; vite (the build) and vitest resolve them from there through this function.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** tsconfig.json's `paths` as a resolve.alias map: "~/*": ["./app/*"] becomes "~" → the app folder. */
export function aliases() {
  const { compilerOptions } = JSON.parse(readFileSync(new URL("../tsconfig.json", import.meta.url), "utf8"));
  return Object.fromEntries(
    Object.entries(compilerOptions.paths).map(([name, [target]]) => [name.replace(/\/\*$/, ""), fileURLToPath(new URL(`../${target.replace(/\/\*$/, "")}`, import.meta.url))]),
  );
}
