// The product's one-line failure texts (docs/product.md §8), apart from error-messages.ts (which
// re-exports them) so the app page and the header's session code carry these lines, not the module.
export const FALLBACK_ERROR = "Có lỗi không xác định xảy ra. Vui lòng thử lại.";
export const NETWORK_ERROR = "Lỗi kết nối mạng. Vui lòng kiểm tra kết nối internet và thử lại.";
export const SERVER_UNREACHABLE = "Không thể kết nối đến server. Vui lòng thử lại sau.";
export const SESSION_EXPIRED_MESSAGE = "Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại!";
