import type { purchasesWords } from "../../vi/wallet/purchases";
import type { EnglishOf } from "../../words";

const ORDER_STATUS: Readonly<Record<string, string>> = { completed: "Completed", refunded: "Refunded" };

export const purchases: EnglishOf<typeof purchasesWords> = {
  noKeys: "You have not bought any keys yet.",
  explore: "Explore apps",
  order: (status) => ORDER_STATUS[status] ?? String(status),
  keyType: "Key type",
  price: "Price",
  bought: "Bought",
  copied: "Key copied to the clipboard!",
  copyFailed: "Could not copy the key. Please copy it by hand.",
  inactive: "Not activated",
  activeOn: (device, since) => `In use on device …${device} since ${since}`,
  awaiting: "Device removed: the key will activate on the next device that checks it",
  expired: (time) => `Expired ${time}`,
  banned: (time) => `Key blocked since ${time}`,
  revoked: "Key revoked",
  until: (time) => `Valid until ${time}`,
  noLimit: "No time limit",
  checked: (time) => ` · Last checked ${time}`,
  move: "Change device",
  nextMove: (time) => `Can be changed again at ${time}`,
  moveAsk: (app, device) => `Remove the ${app} key from device …${device}?`,
  moveNote: (hours) =>
    `The first device to check the key after that will be activated. The key's validity does not change. After a change, you must wait ${hours} hours before changing again.`,
  cancel: "Cancel",
};
