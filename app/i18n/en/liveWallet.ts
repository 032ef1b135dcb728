import type { liveWalletWords } from "../vi/liveWallet";
import type { EnglishOf } from "../words";

export const liveWallet: EnglishOf<typeof liveWalletWords> = {
  credited: (amount) => `${amount} added to your wallet`,
};
