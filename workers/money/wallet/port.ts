// The way into a user's wallet: services ask for it here, and never load the UserWallet object's
// module (which loads the money SQL), so the object and the services cannot import each other.
import { advanceTo } from "../../db/client";
import { walletObject } from "../../platform/wallet-object";
import type { LiveChange, UserWallet } from "./user-wallet";

type Operation = "purchase" | "settleTopup" | "cancelTopup" | "settleCard" | "creditTransfer" | "creditParkedCard" | "settleCrypto" | "refundCrypto" | "refundParkedCrypto" | "reviewParkedCrypto" | "adjust";

/** The wallet as a service sees it: each operation answers its result; the bookmark went to the request. */
type Wallet = { [K in Operation]: (...args: Parameters<UserWallet[K]>) => Promise<Awaited<ReturnType<UserWallet[K]>>["value"]> } & {
  ping(): Promise<string>;
  /** A single-use ticket for one live socket of session chain `session` (user-wallet.ts liveTicket). */
  liveTicket(session: string): Promise<string>;
  /** Closes the live sockets whose session chain ended; answers how many. */
  closeEndedSessions(): Promise<number>;
  /** Hands a WebSocket upgrade carrying a ticket to the wallet. */
  connect(request: Request): Promise<Response>;
  /** Tells the buyer's open screens of a change that moved no money (user-wallet.ts notify). */
  notify(change: LiveChange): Promise<void>;
};

/**
 * The user's UserWallet: one object per user, named by the user id it then reads as its own. Its
 * money SQL runs on the primary; each answer's bookmark moves the calling request's D1 session on,
 * so that request's next reads, and the bookmark its answer carries, include the wallet's writes.
 */
export function walletFor(env: Env, userId: number): Wallet {
  const stub = walletObject(env, userId);
  const call = <K extends Operation>(name: K): Wallet[K] => {
    const run = stub[name] as unknown as (...sent: Parameters<UserWallet[K]>) => Promise<Awaited<ReturnType<UserWallet[K]>>>;
    return (async (...args: Parameters<UserWallet[K]>) => {
      const { value, bookmark } = await run(...args);
      advanceTo(env.DB, bookmark);
      return value;
    }) as Wallet[K];
  };
  return {
    purchase: call("purchase"),
    settleTopup: call("settleTopup"),
    cancelTopup: call("cancelTopup"),
    settleCard: call("settleCard"),
    creditTransfer: call("creditTransfer"),
    creditParkedCard: call("creditParkedCard"),
    settleCrypto: call("settleCrypto"),
    refundCrypto: call("refundCrypto"),
    refundParkedCrypto: call("refundParkedCrypto"),
    reviewParkedCrypto: call("reviewParkedCrypto"),
    adjust: call("adjust"),
    ping: () => stub.ping(),
    liveTicket: (session) => stub.liveTicket(session),
    closeEndedSessions: () => stub.closeEndedSessions(),
    connect: (request) => stub.fetch(request),
    notify: (change) => stub.notify(change),
  };
}
