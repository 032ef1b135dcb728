// The profile's dialogs load when first opened, and each of its tabs when shown, not with the page:
// the profile opens with fewer files. The profile's clientAction runs each dialog's request from the same file, already
// here since the dialog sent it.
import { lazyDialog } from "~/ui/LazyDialog";

export const loadChangePassword = () => import("../ChangePasswordModal");
export const loadVietQrModal = () => import("../../money/topup/VietQrModal");
export const loadCardModal = () => import("../../money/topup/CardTopupModal");
export const loadCryptoModal = () => import("../../money/topup/CryptoTopupModal");
export const VietQrModal = lazyDialog(() => loadVietQrModal().then((module) => module.VietQrModal));
export const CardTopupModal = lazyDialog(() => loadCardModal().then((module) => module.CardTopupModal));
export const CryptoTopupModal = lazyDialog(() => loadCryptoModal().then((module) => module.CryptoTopupModal));
export const ChangePasswordModal = lazyDialog(() => loadChangePassword().then((module) => module.ChangePasswordModal));
export const loadAccountTab = () => import("./AccountPanel");
/** The e-mail notices' switch, with the account tab; the clientAction runs its request from it. */
export const loadMailSwitch = () => import("../MailSwitch");
export const loadWalletTab = () => import("../../money/wallet/WalletTab");
export const loadPurchasesTab = () => import("../../licensing/PurchasesTab");
/** The top-up dialogs' settings and the top-ups still open: read as a dialog opens or the wallet tab shows. */
export const loadTopupConfig = () => import("../../money/topup/topup-config");
