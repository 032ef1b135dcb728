// The buyer's top-up history (GET /api/auth/wallet/topups/?page=): one page of 20, newest first.
import { z } from "zod";
import { pageField } from "../../shared/fields";

export const TOPUP_HISTORY_PAGE_SIZE = 20;
export const topupHistorySchema = z.object({ page: pageField.default(1) });
