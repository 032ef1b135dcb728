// The live wallet's socket (docs/architecture.md, "The live wallet"): the ticket a browser puts in the
// socket's address, since it can send no Authorization header with a WebSocket.
import { z } from "zod";

export const LIVE_TICKET_INVALID = "Phiên kết nối ví không hợp lệ hoặc đã hết hạn";

/** GET /api/auth/wallet/live/?ticket=<user id>.<secret> (issued by POST /api/auth/wallet/live-ticket/). */
export const liveSocketQuerySchema = z.object({
  ticket: z.string({ error: LIVE_TICKET_INVALID }).regex(/^[1-9]\d{0,15}\.[A-Za-z0-9_-]{20,64}$/, LIVE_TICKET_INVALID),
});
