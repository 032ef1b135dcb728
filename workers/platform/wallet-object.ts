// The name of a user's UserWallet object: one per user, named by the user id it then reads as its
// own. The rules reach it through walletFor (workers/money/wallet/port.ts); the accounts ring it
// here only to close the live sockets of ended sessions (live-sockets.ts), which moves no money.
export function walletObject(env: Env, userId: number) {
  return env.USER_WALLET.get(env.USER_WALLET.idFromName(String(userId)));
}
