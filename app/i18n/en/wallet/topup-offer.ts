import type { topupOfferWords } from "../../vi/wallet/topup-offer";
import type { EnglishOf } from "../../words";

export const topupOffer: EnglishOf<typeof topupOfferWords> = {
  vietqr: "VietQR top-up",
  card: "Phone card top-up",
  cryptoButton: "Top up with crypto (USD)",
  returned: "Top-up complete!",
  configFailed: "Could not load the payment settings",
};
