// The English of workers/licensing/messages.ts.
import type { KEY_ADMIN_MESSAGES, KEY_DEVICE_MESSAGES } from "../../licensing/messages";
import type { EnglishOf } from "../../shared/message";
import { count, number } from "../../shared/english/format";

export const KEY_ADMIN_EN = {
  appNotFound: "Invalid app ID",
  keyTypeNotFound: "This key type does not exist",
  pricingExists: (type: string) => `A price for key type "${type}" already exists! You can edit it or turn it back on.`,
  pricingNotFound: "Price not found",
  pricingRequired: "Please fill in all the details!",
  pricingDeletion: "A price cannot be deleted. Pause it instead.",
  keysRequired: "Please enter the list of keys!",
  keyNotFound: "This key does not exist",
  imported: "Keys imported successfully!",
  statusUpdated: "Key status updated successfully!",
  activated: "Key activated successfully!",
  deactivated: "Key deactivated successfully!",
  selectKeys: "Please select at least one key to delete!",
  onlyAvailable: "Only keys in stock can be withdrawn",
  batchNotFound: "Key batch not found",
  onlyRevoked: "Only withdrawn keys can be put back on sale",
  deviceReset: "The key's device has been removed",
  noDevice: "This key has not been activated on any device",
  extended: (days: number) => `Key extended by ${count(days, "day")}`,
  lifetime: "A lifetime key cannot be extended",
  notActivated: "This key has not been activated yet: its term only starts at its first activation",
  banned: "Key banned",
  unbanned: "Key unbanned",
  alreadyBanned: "This key is banned",
  notBanned: "This key is not banned",
  onlySold: "Only sold keys can be banned",
  badStatus: "Invalid status",
  tooManyLines: (max: number) => `At most ${number(max)} keys per import`,
  caseTwinsInText: (total: number, [first, second]: [string, string]) =>
    `${count(total, "key differs", "keys differ")} from another key only in upper or lower case or in hidden characters (for example ${first} and ${second}). Keys are checked ignoring case and hidden characters, so these are the same key: keep only one.`,
  caseTwinsInStock: (total: number, [stored, sent]: [string, string]) =>
    `${count(total, "key is", "keys are")} already in stock once case and hidden characters are ignored (for example ${sent} matches ${stored}). Keys are checked ignoring case and hidden characters: remove these keys from the list.`,
  outsideAlphabet: (total: number, lines: string, example: string, extra: string) =>
    `${count(total, "key has", "keys have")} characters outside the store's alphabet (${lines}; for example ${example}). Keys may only contain the letters A–Z, digits, "-" and "_"${extra ? `, plus ${extra}` : ""}: Cyrillic or Greek letters look like Latin ones, and spaces, emoji or hidden characters make buyers type a different key. Fix or remove these lines.`,
  foreignLine: (line: number, shown: string, characters: string) => `Line ${line}: ${shown} has characters outside the alphabet (${characters})`,
  invisibleLine: (line: number) => `Line ${line}: the key is only hidden characters`,
  lookAlikesInStock: (total: number, lines: string, example: string) =>
    `${count(total, "key looks", "keys look")} like keys already in stock (${lines}; for example ${example}): Cyrillic or Greek letters look like Latin ones. Buyers type what they see, so these are the same key: remove these lines, or delete the old keys from stock.`,
  lookAlikeLine: (line: number, sent: string, stored: string) => `Line ${line}: ${sent} looks like the existing key ${stored}`,
  moreLines: (total: number) => `… and ${count(total, "more line", "more lines")}`,
  duplicatesRefused: (total: number) => `${count(total, "key is a duplicate", "keys are duplicates")}. Turn on "skip duplicate keys" to import the rest.`,
} satisfies EnglishOf<typeof KEY_ADMIN_MESSAGES>;

export const KEY_DEVICE_EN = {
  purchaseNotFound: "Order not found",
  notActivated: "This key has not been activated on any device",
  banned: "This key is banned",
  expired: "This key has expired",
  reset: "Device removed. The key will be activated on the next device that checks it.",
  tooSoon: (hours: number, wait: string) => `A key can change device once every ${count(hours, "hour")}. Please try again in ${wait}.`,
} satisfies EnglishOf<typeof KEY_DEVICE_MESSAGES>;

export const VERSION_INVALID_EN = "The version (version) may only contain digits and dots, for example 1.2.3";
