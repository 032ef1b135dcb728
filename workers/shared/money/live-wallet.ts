// The live wallet's socket closes (docs/architecture.md, "The live wallet"): the wallet object sends
// them and the browser reads them (app/money/wallet/live-wallet.ts). A socket closed with one of
// these is not opened again for the same session.
export const LIVE_CLOSE = {
  /** The session that opened the socket ended (logout, a new password, a reset, every session ended, a takeover). */
  sessionEnded: 4001,
  /** A newer tab took this one's place (at most 8 sockets per buyer). */
  tooManyTabs: 4002,
} as const;
