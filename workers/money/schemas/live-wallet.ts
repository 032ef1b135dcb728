// The live wallet's socket (docs/architecture.md, "The live wallet"): the ticket a browser puts in the
// socket's address, since it can send no Authorization header with a WebSocket.
import { z } from "zod";
import { WALLET_MESSAGES } from "../messages";

const TICKET_INVALID = WALLET_MESSAGES.liveTicketInvalid.token;

/**
 * GET /api/auth/wallet/live/?ticket=<user id>.<secret> (issued by POST /api/auth/wallet/live-ticket/).
 * The id must be a safe positive integer: a wallet object is named by it, and 9999999999999999
 * would name none (the object refuses to start), so it is refused here, before any object is made.
 */
export const liveSocketQuerySchema = z.object({
  ticket: z
    .string({ error: TICKET_INVALID })
    .regex(/^[1-9]\d{0,15}\.[A-Za-z0-9_-]{20,64}$/, TICKET_INVALID)
    .refine((ticket) => Number.isSafeInteger(Number(ticket.split(".")[0])), TICKET_INVALID),
});

/** The wallet's user id a ticket names (a ticket the schema above accepted). */
export function ticketUserId(ticket: string): number {
  return Number(ticket.split(".")[0]);
}
