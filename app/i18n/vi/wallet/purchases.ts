// The purchases tab's words (docs/product.md §2 "Profile"): the bought keys, their states and the
// moving of a key to another device. Vietnamese, the specification's; English twin:
// app/i18n/en/wallet/purchases.ts.
import { labelOf, ORDER_STATUS_LABELS } from "@workers/shared/money/money-labels";
import { defineWords } from "../../words";

export const purchasesWords = defineWords("purchases", {
  noKeys: "Bạn chưa mua key nào.",
  explore: "Khám phá ứng dụng",
  order: (status: string) => labelOf(ORDER_STATUS_LABELS, status),
  keyType: "Loại key",
  price: "Giá",
  bought: "Thời gian mua",
  copied: "Đã copy key vào clipboard!",
  copyFailed: "Không thể copy key. Vui lòng copy thủ công.",
  inactive: "Chưa kích hoạt",
  activeOn: (device: string, since: string) => `Đang dùng trên thiết bị …${device} từ ${since}`,
  awaiting: "Đã gỡ thiết bị: key sẽ kích hoạt trên thiết bị kiểm tra tiếp theo",
  expired: (time: string) => `Hết hạn ${time}`,
  banned: (time: string) => `Key đã bị khóa từ ${time}`,
  revoked: "Key đã bị thu hồi",
  until: (time: string) => `Hạn dùng đến ${time}`,
  noLimit: "Không giới hạn thời gian",
  checked: (time: string) => ` · Kiểm tra gần nhất ${time}`,
  move: "Đổi thiết bị",
  nextMove: (time: string) => `Có thể đổi lại lúc ${time}`,
  moveAsk: (app: string, device: string) => `Gỡ key ${app} khỏi thiết bị …${device}?`,
  moveNote: (hours: string) =>
    `Thiết bị đầu tiên kiểm tra key sau đó sẽ được kích hoạt. Thời hạn key không thay đổi. Sau khi đổi, bạn cần chờ ${hours} giờ mới đổi được lần nữa.`,
  cancel: "Hủy",
});
