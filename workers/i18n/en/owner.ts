// The English of workers/owner/messages.ts.
import type { EXPORT_MESSAGES, SETTINGS_MESSAGES } from "../../owner/messages";
import { MAX_USD_VND_RATE } from "../../shared/money/currency";
import type { EnglishOf } from "../phrasebook";
import { number } from "./format";

export const SETTINGS_EN = {
  saved: "Settings saved",
  rateInvalid: `The exchange rate must be a whole number from 1 to ${number(MAX_USD_VND_RATE)} (dong per US$1)`,
  noRate: "No USD exchange rate yet: go to Admin → Settings and enter one before setting prices in USD.",
} satisfies EnglishOf<typeof SETTINGS_MESSAGES>;

export const EXPORT_EN = {
  tooManyRows: (max: number) => `This period has more than ${number(max)} rows. Please choose fewer days.`,
} satisfies EnglishOf<typeof EXPORT_MESSAGES>;
