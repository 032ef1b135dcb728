// What the live wallet says of a credit no open screen told (app/money/wallet/live-wallet.ts; its own
// small chunk, so its words are apart; English twin: app/i18n/en/liveWallet.ts).
import { defineWords } from "../../words";

export const liveWalletWords = defineWords("liveWallet", {
  credited: (amount: string) => `Đã cộng ${amount} vào ví`,
});
