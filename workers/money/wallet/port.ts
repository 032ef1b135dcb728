// The way into a user's wallet: services ask for it here, and never load the UserWallet object's
// module (which loads the money SQL), so the object and the services cannot import each other.

/** The user's UserWallet: one object per user, named by the user id it then reads as its own. */
export function walletFor(env: Env, userId: number) {
  return env.USER_WALLET.get(env.USER_WALLET.idFromName(String(userId)));
}
