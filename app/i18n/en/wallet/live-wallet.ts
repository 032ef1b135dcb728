import type { liveWalletWords } from "../../vi/wallet/live-wallet";
import type { EnglishOf } from "../../words";

export const liveWallet: EnglishOf<typeof liveWalletWords> = {
  credited: (amount) => `${amount} added to your wallet`,
};
