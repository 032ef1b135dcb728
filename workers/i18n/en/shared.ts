// The English of the schema blocks' own words (workers/shared/fields.ts).
import type { TEXT_MESSAGES } from "../../shared/fields";
import type { EnglishOf } from "../../shared/message";

export const TEXT_EN = {
  hidden: "The text contains characters that are not allowed",
} satisfies EnglishOf<typeof TEXT_MESSAGES>;
