// Settings and secrets, validated once per isolate with one clear message (DESIGN.md §9).
// Plain TypeScript with erasable syntax only: scripts/start.mjs imports this file on Node too.
import { z } from "zod";

const url = z.url({ protocol: /^https?$/ });

export const configSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]),
  SITE_NAME: z.string().min(1),
  TELEGRAM_URL: url,
  ZALO_URL: url,
  // Absolute origin used in links we hand out (feeds, manifests); the request's origin when empty.
  PUBLIC_BASE_URL: z.union([url, z.literal("")]).default(""),
  JWT_SECRET: z.string().min(32, "phải dài ít nhất 32 ký tự"),
  ADMIN_EMAIL: z.email(),
  ADMIN_PASSWORD: z.string().min(8, "phải dài ít nhất 8 ký tự"),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function parseConfig(source: Record<string, unknown>): Config {
  const result = configSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "config"}: ${issue.message}`);
    throw new ConfigError(`Cấu hình không hợp lệ (invalid configuration): ${problems.join("; ")}`);
  }
  return result.data;
}

const cache = new WeakMap<object, Config>();

/** The validated settings of this Worker's environment, parsed once per env object. */
export function getConfig(env: object): Config {
  let config = cache.get(env);
  if (!config) {
    config = parseConfig(env as Record<string, unknown>);
    cache.set(env, config);
  }
  return config;
}

/** The origin for absolute links: the configured public URL, else the request's own. */
export function publicOrigin(env: object, request: Request): string {
  return getConfig(env).PUBLIC_BASE_URL || new URL(request.url).origin;
}
