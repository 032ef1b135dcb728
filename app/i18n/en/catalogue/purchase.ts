import type { purchaseWords } from "../../vi/catalogue/purchase";
import type { EnglishOf } from "../../words";

export const purchase: EnglishOf<typeof purchaseWords> = {
  chooseKey: "Please choose a key type",
  paused: "This key type is not on sale at the moment. Please choose another key type.",
  soldOut: "This key is sold out. Please choose another key type.",
  soldOutWait: "This key is sold out. Please choose another key type or wait for the admin to add more.",
  unavailable: "This key cannot be bought right now.",
  checkFailed: "Could not check whether the key is available. Please try again.",
  balanceOnly: "Only payment from the wallet balance is supported...",
  failed: "Something went wrong while buying the key.",
  exception: "Something went wrong while processing the payment. Please try again.",
  answerLost:
    "The connection dropped before the result arrived, so the purchase may have gone through. You can press “Confirm purchase” to try again safely: if it was bought, you get the same key back and are charged only once.",
  purchased: "Key purchased!",
  copied: "Key copied to the clipboard!",
  copyFailed: "Could not copy the key. Please copy it by hand.",
  statePaused: "Paused",
  stateSoldOut: "Sold out",
  stateLowStock: (_count, shown) => `Almost gone (${shown} left)`,
  stateInStock: (count, shown) => `${shown} ${count === 1 ? "key" : "keys"} left`,
  heading: "Buy a key",
  intro: "Choose a key type, pay from your wallet balance and get the key at once.",
  noOptions: "There are no key types to buy yet.",
  noRate: "No exchange rate yet",
  chosen: "Chosen:",
  gaveWay: (keyType, state) => `${keyType} can no longer be bought (${state}).`,
  checking: "Checking...",
  buyNow: "Buy now",
};
