// The AltStore/SideStore source format as a strict zod schema, written from the schema SideStore
// publishes (SideStore/sidestore-source-types, schema.json: JSON Schema draft-07, every object
// `additionalProperties: false`) and, where that file lags behind the apps, from AltStore 2's
// documented keys. Only two keys go beyond schema.json, both read by AltStore 2 and by
// SideStore's own decoder (StoreApp / AppVersion): `appPermissions` on an app and
// `buildVersion` on a version.
import { z } from "zod";

const PERMISSION_TYPES = [
  "photos",
  "camera",
  "location",
  "contacts",
  "reminders",
  "music",
  "microphone",
  "speech-recognition",
  "background-audio",
  "background",
  "bluetooth",
  "network",
  "calendars",
  "faceid",
  "siri",
  "motion",
] as const;

const permission = z.strictObject({ type: z.enum(PERMISSION_TYPES), usageDescription: z.string() });

// schema.json: "YYYY-MM-DD", or "YYYY-MM-DDTHH:MM:SS" with an optional zone (AltStore parses no fractions).
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})?)?$/, "a date AltStore parses");

export const sourceVersionSchema = z.strictObject({
  version: z.string(),
  date,
  downloadURL: z.string(),
  size: z.number(),
  localizedDescription: z.string().optional(),
  minOSVersion: z.string().optional(),
  maxOSVersion: z.string().optional(),
  // AltStore 2 (not in schema.json): CFBundleVersion of the build.
  buildVersion: z.string().optional(),
});

export const sourceAppSchema = z.strictObject({
  name: z.string(),
  bundleIdentifier: z.string(),
  developerName: z.string(),
  localizedDescription: z.string(),
  iconURL: z.string(),
  versions: z.array(sourceVersionSchema),
  subtitle: z.string().optional(),
  tintColor: z.string().optional(),
  screenshotURLs: z.array(z.string()).optional(),
  permissions: z.array(permission).optional(),
  beta: z.boolean().optional(),
  // Deprecated in schema.json (kept for AltStore 1.x), allowed.
  version: z.string().optional(),
  versionDate: date.optional(),
  versionDescription: z.string().optional(),
  downloadURL: z.string().optional(),
  size: z.number().optional(),
  // AltStore 2 (not in schema.json): what the IPA declares; AltStore refuses an install that differs.
  appPermissions: z
    .strictObject({
      entitlements: z.array(z.string()),
      privacy: z.record(z.string().regex(/^NS\w*UsageDescription$/), z.string()),
    })
    .optional(),
});

const newsSchema = z.strictObject({
  title: z.string(),
  identifier: z.string(),
  caption: z.string(),
  date,
  tintColor: z.string().optional(),
  imageURL: z.string().optional(),
  notify: z.boolean().optional(),
  url: z.string().optional(),
  appID: z.string().optional(),
});

export const sourceSchema = z.strictObject({
  name: z.string(),
  identifier: z.string(),
  apps: z.array(sourceAppSchema),
  sourceURL: z.string().optional(),
  news: z.array(newsSchema).optional(),
});

export type Source = z.infer<typeof sourceSchema>;

/** What AltStore checks beyond the shapes: one listing per bundle id, each version once, newest first. */
export function sourceProblems(source: Source): string[] {
  const problems: string[] = [];
  const bundles = new Set<string>();
  for (const app of source.apps) {
    if (bundles.has(app.bundleIdentifier)) problems.push(`duplicate bundle identifier ${app.bundleIdentifier}`);
    bundles.add(app.bundleIdentifier);
    if (app.versions.length === 0) problems.push(`${app.bundleIdentifier} has no versions`);
    const versions = app.versions.map((version) => version.version);
    if (new Set(versions).size !== versions.length) problems.push(`${app.bundleIdentifier} repeats a version: ${versions.join(", ")}`);
    const dates = app.versions.map((version) => Date.parse(version.date));
    if (dates.some((time, index) => Number.isNaN(time) || (index > 0 && time > dates[index - 1]))) {
      problems.push(`${app.bundleIdentifier} versions are not newest first`);
    }
  }
  return problems;
}
