// One security epoch per account (docs/decisions/0022-security-epoch.md). Every event that changes
// who may act for the account moves `users.security_epoch` by one, in the same D1 batch as the
// change; a session, challenge, device token or reset link is honoured only while the epoch it
// was born in is the account's.
import { type SQL, sql } from "drizzle-orm";
import { users } from "../db/schema";

/**
 * Holds while the account is still in `epoch`. Every statement of a batch that moves the epoch
 * carries it, and the users UPDATE that moves it comes last: a batch that lost to another event
 * (the epoch moved since it was read) changes nothing at all.
 */
export function stillInEpoch(userId: number, epoch: number): SQL {
  return sql`exists (select 1 from users where users.id = ${userId} and users.security_epoch = ${epoch})`;
}

/** The SET of the users UPDATE that moves the epoch (its WHERE asks for `security_epoch = epoch`). */
export const nextEpoch = sql`${users.securityEpoch} + 1`;

/** Who a session, challenge or device token belongs to, and the epoch of the proof it stands on. */
export type EpochOwner = { id: number; securityEpoch: number };
