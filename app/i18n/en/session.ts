import type { sessionWords } from "../vi/session";
import type { EnglishOf } from "../words";

export const session: EnglishOf<typeof sessionWords> = {
  expired: "Your session has expired. Please sign in again!",
};
