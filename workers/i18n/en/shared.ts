// The English of zod's fallback words (workers/shared/zod-messages.ts) and of the schema blocks'
// own words (workers/shared/fields.ts).
import type { TEXT_MESSAGES } from "../../shared/fields";
import type { ZOD_MESSAGES } from "../../shared/zod-messages";
import type { EnglishOf } from "../../shared/message";
import { count, number } from "../../shared/english/format";

export const ZOD_EN = {
  invalid: "Invalid value",
  required: "Please fill in this field",
  tooLong: (max: number) => `At most ${count(max, "character")}`,
  tooShort: (min: number) => `At least ${count(min, "character")}`,
  tooMany: (max: number) => `At most ${count(max, "item")}`,
  tooFew: (min: number) => `At least ${count(min, "item")}`,
  below: (limit: number) => `Must be less than ${number(limit)}`,
  above: (limit: number) => `Must be greater than ${number(limit)}`,
  atMost: (limit: number) => `At most ${number(limit)}`,
  atLeast: (limit: number) => `At least ${number(limit)}`,
  email: "Please enter a valid email address",
  url: "Invalid link",
  format: "Invalid format",
  oneOf: (values: string) => `Must be one of: ${values}`,
} satisfies EnglishOf<typeof ZOD_MESSAGES>;

export const TEXT_EN = {
  hidden: "The text contains characters that are not allowed",
} satisfies EnglishOf<typeof TEXT_MESSAGES>;
