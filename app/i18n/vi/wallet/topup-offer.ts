// What the profile shows and says of a top-up outside its dialogs, on any tab: the three buttons
// into them, the notice on the way back from a payment page, and a failed read of their settings
// (Vietnamese, the specification's; English twin: app/i18n/en/wallet/topup-offer.ts). The wallet
// tab's own words are wallet.ts.
import { defineWords } from "../../words";

export const topupOfferWords = defineWords("topupOffer", {
  vietqr: "Nạp qua VietQR",
  card: "Nạp thẻ cào",
  cryptoButton: "Nạp bằng tiền mã hoá (USD)",
  returned: "Nạp tiền thành công!",
  configFailed: "Không thể tải cấu hình thanh toán",
});
