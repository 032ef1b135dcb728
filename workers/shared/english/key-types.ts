// The four key types every store sells (migrations/0001_key_types.sql) by their English names,
// keyed by the type's code (key_types.name), never by its Vietnamese display name: the English
// pages, English mails and the key check's English answers (lang "en") name a key type through
// this one dictionary (issue 54 item 5). A type the shop added itself keeps the shop's own name.
const ENGLISH_NAMES: Readonly<Record<string, string>> = {
  "1day": "1 day",
  "7days": "7 days",
  "30days": "30 days",
  lifetime: "Lifetime",
};

/** A key type as an English reader reads it: "7 days" for the type coded 7days, else the shop's name. */
export function keyTypeNameEn(code: string | null | undefined, shopName: string): string {
  return (code && Object.hasOwn(ENGLISH_NAMES, code) ? ENGLISH_NAMES[code] : undefined) ?? shopName;
}
