// How long the reasons an admin writes for the mods may be: a ban's (the rule is
// ./key-changes.ts banReasonProblem) and a pause's (workers/licensing/schemas/pause-bulk.ts). Bare
// numbers, so the admin's forms (app/routes/admin.bans.tsx, app/licensing/admin/PauseScreen.tsx)
// stop typing there without loading the rules' words.

/** The most a ban's reason holds: a line the mod shows, like an app's announcement. */
export const MAX_BAN_REASON = 280;

/** The longest reason a pause takes (in each language): a mod shows it on one screen. */
export const MAX_PAUSE_REASON = 500;
