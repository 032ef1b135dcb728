// The admin's app form (POST /api/apps/create/, PUT|PATCH /api/apps/update/:id/) as the API reads
// it: multipart, each name with every value sent under it, files as Files (validate.ts readForm).
// What a field says on its own is checked here: lengths, names, the type, the price. What needs
// the app or the files (required fields, the type's package, a slug taken) is app-admin.ts's,
// with the rules of workers/shared/app-form.ts that the browser's form uses too.
import { z } from "zod";
import { APP_STATUSES, CURRENCIES } from "../../db/schema";
import { APP_FORM_MESSAGES } from "../../shared/app-form";
import { APP_TYPES, MAX_LENGTHS, normaliseSlug } from "../../shared/catalogue/app-form-fields";
import { integerField, nameField, showsWhatItSays, TEXT_MESSAGES } from "../../shared/fields";
import { isVersion } from "../../shared/version";

/** Every value sent under one name, in order; absent when the name is not sent. */
const sent = z.array(z.union([z.string(), z.file()])).optional();
type Sent = z.output<typeof sent>;

/** A field's text: its first value, trimmed, when that is text (a file there says nothing). */
function firstText(values: Sent): string | undefined {
  const first = values?.[0];
  return typeof first === "string" ? first.trim() : undefined;
}

function text(max: number) {
  return sent.transform(firstText).pipe(z.string().max(max, APP_FORM_MESSAGES.tooLong(max).token).refine(showsWhatItSays, TEXT_MESSAGES.hidden.token).optional());
}

/** A name: as text() and it shows something and hides nothing; blank is left to the form's rules. */
function name(max: number) {
  const rule = nameField(max, { tooLong: APP_FORM_MESSAGES.tooLong(max).token, required: APP_FORM_MESSAGES.requiredField.token, blankAllowed: true });
  return sent.transform(firstText).pipe(rule.optional());
}

// A name not sent stays undefined (not []): appFormSchema tells what was sent by it.

/** The files sent under a name; an empty part is no file. */
const files = sent.transform((values) => values?.filter((value): value is File => typeof value !== "string" && value.size > 0));

/** Keys or ids sent under a name: repeated or comma-separated, blanks dropped. */
const keys = sent.transform((values) =>
  values
    ?.filter((value): value is string => typeof value === "string")
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean),
);

/** Twelve digits at most. */
const MAX_PRICE = 999_999_999_999;

const all = <T>(...lists: (T[] | undefined)[]): T[] => lists.flatMap((list) => list ?? []);
const once = (...lists: (string[] | undefined)[]) => [...new Set(all(...lists))];

/** A link, by its name or the camelCase alias an update may send (itmsUrl, testflightUrl). */
function link(field: string, value: string | undefined, alias: string | undefined, context: z.RefinementCtx): string | null | undefined {
  const chosen = value ?? alias;
  if (chosen !== undefined && chosen.length > MAX_LENGTHS.link) {
    context.addIssue({ code: "custom", path: [field], message: APP_FORM_MESSAGES.tooLong(MAX_LENGTHS.link).token });
  }
  return chosen === undefined ? undefined : chosen || null;
}

const FIELDS = {
  name: name(MAX_LENGTHS.name),
  description: text(MAX_LENGTHS.description),
  version: text(MAX_LENGTHS.version),
  url: text(MAX_LENGTHS.url),
  developer: name(MAX_LENGTHS.developer),
  changelog: text(MAX_LENGTHS.changelog),
  category: text(MAX_LENGTHS.category),
  app_version: text(MAX_LENGTHS.version),
  // What the key check tells the mod (docs/licensing.md): blank clears, a version is digits and dots.
  min_version: sent.transform(firstText).pipe(z.string().refine((value) => value === "" || isVersion(value), APP_FORM_MESSAGES.badMinVersion.token).optional()),
  announcement: text(MAX_LENGTHS.announcement),
  // The English edition's words (optional): checked as the name and description are; blank clears.
  name_en: name(MAX_LENGTHS.name),
  description_en: text(MAX_LENGTHS.description),
  app_type: sent.transform(firstText).pipe(z.enum(APP_TYPES, { error: APP_FORM_MESSAGES.badType.token }).optional()),
  // Anything else keeps what the app has.
  status: sent.transform((values) => APP_STATUSES.find((status) => status === firstText(values))),
  currency: sent.transform((values) => CURRENCIES.find((currency) => currency === firstText(values))),
  // As sent, not trimmed: " 1" is no number (workers/shared/fields.ts); blank keeps the price.
  price: sent
    // (Typed as integerField's input, which zod's pipe wants whole.)
    .transform((values): string | number | undefined => (typeof values?.[0] === "string" && values[0] !== "" ? values[0] : undefined))
    .pipe(integerField({ min: 0, max: MAX_PRICE, message: APP_FORM_MESSAGES.badPrice.token }).optional()),
  itms_url: sent.transform(firstText),
  itmsUrl: sent.transform(firstText),
  testflight_url: sent.transform(firstText),
  testflightUrl: sent.transform(firstText),
  file: files,
  ipa_file_for_itms: files,
  ipaFileForItms: files,
  file_key: keys,
  ipa_file_for_itms_key: keys,
  icon: files,
  icon_key: keys,
  screenshots: files,
  screenshot_keys: keys,
  media_keys: keys,
  remove_screenshots: keys,
};

/**
 * The form as createApp and updateApp take it. `changes` holds only what was sent: undefined
 * keeps the app's value (or the default on create), null clears it.
 */
export const appFormSchema = z.object(FIELDS).transform((form, context) => ({
  changes: {
    name: form.name,
    description: form.description,
    version: form.version,
    url: form.url === undefined ? undefined : normaliseSlug(form.url),
    appType: form.app_type,
    developer: form.developer === undefined ? undefined : form.developer || null,
    changelog: form.changelog,
    status: form.status,
    category: form.category || undefined,
    price: form.price,
    currency: form.currency,
    appVersion: form.app_version === undefined ? undefined : form.app_version || null,
    minVersion: form.min_version === undefined ? undefined : form.min_version || null,
    announcement: form.announcement === undefined ? undefined : form.announcement || null,
    nameEn: form.name_en === undefined ? undefined : form.name_en || null,
    descriptionEn: form.description_en === undefined ? undefined : form.description_en || null,
    itmsUrl: link("itms_url", form.itms_url, form.itmsUrl, context),
    testflightUrl: link("testflight_url", form.testflight_url, form.testflightUrl, context),
  },
  packages: all(form.file, form.ipa_file_for_itms, form.ipaFileForItms),
  packageKeys: once(form.file_key, form.ipa_file_for_itms_key),
  icons: all(form.icon),
  iconKeys: once(form.icon_key),
  media: all(form.screenshots),
  mediaKeys: once(form.screenshot_keys, form.media_keys),
  removeScreenshots: once(form.remove_screenshots).map(Number).filter(Number.isSafeInteger),
  // zod's output has a key for each name the form sent (even one it reads as nothing) and for no
  // other, since no field turns "not sent" into a value.
  namesAField: Object.keys(form).length > 0,
}));

export type AppForm = z.output<typeof appFormSchema>;

/** The IPA preview's form: a part `ipa_file`, or the key of a finished upload `file_key` (each's first value). */
export const ipaPreviewSchema = z.object({
  ipa_file: sent.transform((values) => {
    const first = values?.[0];
    return first !== undefined && typeof first !== "string" && first.size > 0 ? first : undefined;
  }),
  file_key: sent.transform((values) => {
    const first = values?.[0];
    return typeof first === "string" && first ? first : undefined;
  }),
});
