// What the profile's route (app/routes/profile._index/route.tsx) loads and does, beside its data
// functions: the list each tab shows, the actions its dialogs send and the lists each one changes,
// and the moving of a bought key to another device.
import { ApiError, apiCall } from "~/platform/api";
import { requestLocale } from "~/i18n/locale";
import { profileWords } from "~/i18n/vi/wallet/profile";
import { wordsIn } from "~/i18n/words";
import { isSessionOver, sessionEnded } from "~/accounts/session/session-route";
import { toast } from "~/ui/toast";
import type { ProfileTab } from "./profile-query";
import { refreshStoredBalance } from "~/money/wallet/wallet-figures";
import type { OpenTopup } from "../../money/topup/topup-config";
import type { VietQrCancel, VietQrCreate } from "../../money/topup/VietQrModal";
import type { CardSend } from "../../money/topup/CardTopupModal";
import type { CryptoCreate } from "../../money/topup/CryptoTopupModal";
import type { PasswordChange } from "../ChangePasswordModal";
import type { ListState } from "./ProfileList";
import type { SessionUser } from "../session/session";
import type { ListName, Lists } from "./profile-lists";

/** What the screens under the profile's layout are handed (Outlet context): who is logged in. */
export type ProfileOutlet = { user: SessionUser | null };

export type TabList = "ledger" | "purchases";
export const TAB_LIST: Partial<Record<ProfileTab, TabList>> = { wallet: "ledger", purchases: "purchases" };

export type Loaded = { tab: ProfileTab; lists: Lists; failed: { list: TabList; message: string } | null; topup: OpenTopup | null };

export type ProfileAction =
  | { intent: "reset-device"; purchase_id: number }
  | ({ intent: "change-password" } & PasswordChange)
  | { intent: "email-notifications"; enabled: boolean }
  | VietQrCreate
  | VietQrCancel
  | CardSend
  | CryptoCreate;

/** The lists each action changes when it succeeds (a refusal changes none). */
export const CHANGED_BY: Record<ProfileAction["intent"], readonly ListName[]> = {
  "reset-device": ["purchases"],
  "change-password": [],
  "email-notifications": [],
  "vietqr-create": ["pending", "topups"],
  "vietqr-cancel": ["pending", "topups"],
  card: ["pendingCards", "topups"],
  "crypto-create": ["pendingCrypto", "topups"],
};

/** A tab's list as its route answers it (an answer without a list reads as an empty one). */
export async function readList(list: TabList, signal: AbortSignal): Promise<unknown[]> {
  const body =
    list === "ledger"
      ? await apiCall((api) => api.api.auth.wallet.transactions.$get(), { auth: true, signal })
      : await apiCall((api) => api.api.auth.purchase.history.$get(), { auth: true, signal });
  return Array.isArray(body?.data) ? body.data : [];
}

/** The balance as the server has it, into the stored user (and so the header); a failure keeps the stored one (docs/product.md §4). */
export function refetchBalance() {
  void refreshStoredBalance().then((figures) => figures ?? console.warn("Không thể tải số dư"));
}

export type MovedDevice = { ok: true } | { ok: false; error: string };

/** Unbinds a bought key from its device; the purchases are read again to show it. */
export async function resetDevice(request: Request, purchaseId: number): Promise<MovedDevice> {
  try {
    // Not tied to request.signal: a change is never cut off half-way (the reset is limited to one a day).
    const body = await apiCall((api) => api.api.auth.purchase[":id"]["reset-device"].$post({ param: { id: String(purchaseId) } }), { auth: true });
    toast.success(body.message);
    return { ok: true };
  } catch (error) {
    if (isSessionOver(error)) return sessionEnded(request);
    const message = error instanceof ApiError ? error.message : wordsIn(requestLocale(request), profileWords).moveFailed;
    toast.error(message);
    return { ok: false, error: message };
  }
}

/** What a tab's list shows: its rows, its failure (until "Thử lại" loads again), or the wait for it. */
export function listState<T>(loaded: Loaded, list: TabList, retrying: boolean): ListState<T> {
  const rows = loaded.lists[list] as T[] | undefined;
  if (rows) return { status: "ready", rows };
  if (loaded.failed?.list === list && !retrying) return { status: "failed", message: loaded.failed.message };
  return { status: "loading" };
}
