// Accounts. The admin named by ADMIN_EMAIL exists from the first request on (DESIGN.md §6).
import { eq, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { hashPassword } from "./passwords";

function usernameFromEmail(email: string): string {
  return email.split("@")[0].toLowerCase().replace(/[^a-z0-9_.-]/g, "").slice(0, 30) || "admin";
}

/** Creates the configured admin when missing; an existing account with that e-mail is made admin. */
export async function ensureAdminAccount(db: Database, config: Pick<Config, "ADMIN_EMAIL" | "ADMIN_PASSWORD">): Promise<void> {
  const email = config.ADMIN_EMAIL.toLowerCase();
  const [existing] = await db
    .select({ id: users.id, isSuperuser: users.isSuperuser, isStaff: users.isStaff })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing) {
    if (!existing.isSuperuser || !existing.isStaff) {
      await db.update(users).set({ isSuperuser: true, isStaff: true }).where(eq(users.id, existing.id));
    }
    return;
  }
  const base = usernameFromEmail(email);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.username})`, base)).limit(1);
  await db
    .insert(users)
    .values({
      username: taken ? `${base}-admin` : base,
      email,
      firstName: "Admin",
      passwordHash: await hashPassword(config.ADMIN_PASSWORD),
      isSuperuser: true,
      isStaff: true,
    })
    .onConflictDoNothing();
}
