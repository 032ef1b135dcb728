// The wallet's top-up history and what the live wallet tells of a top-up's new state
// (app/money/wallet/TopupHistory.tsx, topup-history.ts; English twin: app/i18n/en/wallet/topup-history.ts).
import type { TopupHistoryEntry } from "@workers/money/topup-history";
import { defineWords } from "../../words";

type Channel = TopupHistoryEntry["channel"];
type State = TopupHistoryEntry["state"];

const CHANNELS: Record<Channel, string> = { vietqr: "VietQR", card: "Thẻ cào", bank_transfer: "Chuyển khoản", crypto: "Crypto" };
const STATES: Record<State, string> = {
  waiting: "Đang chờ chuyển khoản",
  checking: "Đang kiểm tra thẻ",
  credited: "Đã cộng vào ví",
  partial: "Cộng một phần",
  refused: "Bị từ chối",
  expired: "Đã hết hạn",
  cancelled: "Đã hủy",
  awaiting_review: "Đã nhận, chờ cửa hàng duyệt",
  credited_by_shop: "Cửa hàng đã cộng tiền",
  dismissed: "Cửa hàng đã bỏ qua",
  refunded: "Đã hoàn tiền, thu hồi",
};

export const topupHistoryWords = defineWords("topupHistory", {
  heading: "Lịch sử nạp tiền",
  empty: "Chưa có lần nạp tiền nào",
  channel: (channel: Channel) => CHANNELS[channel] ?? String(channel),
  state: (state: State) => STATES[state] ?? String(state),
  card: (telco: string, amount: string) => `Thẻ ${telco} ${amount}`,
  credited: (amount: string) => `Đã cộng ${amount}`,
  estimate: (amount: string, fee: number) => `Dự kiến nhận ≈ ${amount} (phí ${fee}%)`,
  told: (what: string, state: string) => `${what}: ${state}`,
});
