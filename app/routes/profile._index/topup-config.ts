// The settings the two top-up dialogs need (docs/product.md §9), read when a dialog opens: by the route's
// loader for ?topup=, else by the button that opens it. A failure is said once; VietQR then uses
// the product's defaults, the card dialog offers "Thử lại".
import { apiCall } from "~/lib/api";
import { toast } from "~/lib/toast";
import { type CardConfig, normaliseVietQrConfig, VIETQR_DEFAULTS, type VietQrConfig } from "~/lib/topup";
import { TOPUP_MESSAGES } from "@workers/shared/topup";

export type CardConfigLoad = { status: "loading" } | { status: "failed" } | { status: "ready"; config: CardConfig };

/** An open top-up dialog and its settings (null / loading while they are read). */
export type OpenTopup = { kind: "vietqr"; config: VietQrConfig | null } | { kind: "card"; config: CardConfigLoad };

export async function loadVietQrConfig(): Promise<VietQrConfig> {
  try {
    const body = await apiCall((api) => api.api.vietqr.config.$get());
    return normaliseVietQrConfig(body?.data);
  } catch {
    toast.error(TOPUP_MESSAGES.configFailed);
    return VIETQR_DEFAULTS;
  }
}

export async function loadCardConfig(): Promise<CardConfigLoad> {
  try {
    const { data } = await apiCall((api) => api.api.cards.config.$get());
    return { status: "ready", config: data };
  } catch {
    toast.error(TOPUP_MESSAGES.configFailed);
    return { status: "failed" };
  }
}

/** The dialog `kind` with its settings read. */
export async function openedTopup(kind: OpenTopup["kind"]): Promise<OpenTopup> {
  return kind === "vietqr" ? { kind, config: await loadVietQrConfig() } : { kind, config: await loadCardConfig() };
}
