// Admin: users and balances (spec §7 "Admin users"). Adjustments go through the user's wallet.
import { Hono } from "hono";
import { z } from "zod";
import { formatVND } from "../../app/lib/format";
import { findUserById } from "../services/accounts";
import { walletFor } from "../wallet/user-wallet";
import { type ApiEnv, db } from "./context";
import { ApiError } from "./errors";
import { requireAdmin } from "./require-admin";
import { readJson } from "./validate";

export const adminUsersApi = new Hono<ApiEnv>();
adminUsersApi.use(requireAdmin);

const adjustSchema = z.object({
  amount: z.coerce
    .number({ error: "Vui lòng nhập số tiền" })
    .int("Số tiền phải là số nguyên")
    .refine((value) => value !== 0, "Vui lòng nhập số tiền")
    .refine((value) => Math.abs(value) <= 1_000_000_000, "Số tiền quá lớn"),
  transaction_type: z.enum(["admin_adjustment", "deposit"]).default("admin_adjustment"),
  description: z.string().trim().max(300).optional(),
});

adminUsersApi.post("/:id/adjust-balance", async (c) => {
  const id = Number(c.req.param("id"));
  const user = Number.isSafeInteger(id) && id > 0 ? await findUserById(db(c), id) : null;
  if (!user) throw new ApiError(404, "Không tìm thấy người dùng");
  const input = await readJson(c, adjustSchema);
  const result = await walletFor(c.env, user.id).adjust(user.id, {
    amount: input.amount,
    type: input.transaction_type,
    description: input.description || "Điều chỉnh số dư bởi quản trị viên",
    adminId: c.get("user").id,
  });
  if (!result.ok) {
    if (result.error === "insufficient_balance") {
      throw new ApiError(400, `Không thể trừ quá số dư hiện tại (${formatVND(result.current ?? 0)}).`, { amount: ["Số dư không đủ để trừ"] });
    }
    throw new ApiError(404, "Không tìm thấy người dùng");
  }
  return c.json({ success: true, message: "Điều chỉnh số dư thành công", data: result.wallet });
});

