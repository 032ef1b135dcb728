import type { purchaseDialogWords } from "../../vi/catalogue/purchase-dialogs";
import type { EnglishOf } from "../../words";

export const purchaseDialogs: EnglishOf<typeof purchaseDialogWords> = {
  confirmTitle: "Confirm your key purchase",
  app: "App",
  keyType: "Key type",
  price: "Price",
  balance: "Current balance",
  balanceAfter: "Balance after purchase",
  paymentMethod: "Payment method",
  payFromWallet: "Pay from wallet balance",
  insufficientBalance: (required: string, current: string) => `Insufficient balance. You need ${required}; your balance is ${current}. Please top up your wallet.`,
  topUp: "Top up your wallet →",
  signInToBuy: "Please sign in to buy a key.",
  cancel: "Cancel",
  processing: "Processing...",
  confirm: "Confirm purchase",
  keyFor: (keyType: string) => `${keyType} key for `,
  yourKey: "Your key",
  copiedButton: "Copied",
  copyKey: "Copy key",
  savedIn: "Your key is saved in",
  purchaseHistory: "Profile → Purchases",
  seeAgain: ", where you can see it again at any time.",
};
