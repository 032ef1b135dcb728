import type { cryptoTopupWords } from "../../vi/wallet/crypto-topup";
import type { EnglishOf } from "../../words";

const STATES: Readonly<Record<string, string>> = {
  waiting: "Waiting for your payment",
  confirming: "Confirming on the blockchain",
  confirmed: "Confirmed, being sent",
  sending: "Being sent",
  partially_paid: "Partly paid",
  finished: "Credited to your wallet",
  failed: "Failed",
  expired: "Expired",
  pending: "Waiting for your payment",
  partial: "Partly paid",
  credited: "Credited to your wallet",
  refused: "Refused by the shop",
  refunded: "Refunded",
};

export const cryptoTopup: EnglishOf<typeof cryptoTopupWords> = {
  title: "Top up with crypto",
  subtitle: "Pay in USDT, BTC and other coins through NOWPayments; your wallet is credited in VND at the shop's rate.",
  loading: "Loading...",
  unavailable: "Crypto top-ups are switched off for now.",
  amountLabel: "Amount (USD)",
  amountHint: (minimum, maximum) => `From ${minimum} to ${maximum}.`,
  amountInvalid: (minimum, maximum) => `Please enter an amount in USD from ${minimum} to ${maximum} (at most 2 decimals).`,
  rate: (rate) => `Rate: 1 US$ = ${rate}`,
  youGet: "Your wallet gets",
  pay: "Continue to payment",
  creating: "Creating the invoice...",
  failed: "The invoice could not be created. Please try again.",
  invoiceFor: (usd, vnd) => `Invoice for ${usd}: your wallet gets ${vnd}`,
  lockedRate: (rate) => `Rate locked: 1 US$ = ${rate}`,
  openInvoice: "Open the payment page",
  invoiceHint: "The payment page opens in a new tab. Keep this page open: your balance updates as soon as the payment is done.",
  state: (state) => STATES[state] ?? String(state),
  credited: (amount) => `${amount} added to your wallet`,
  another: "Create another invoice",
  pendingLine: (usd, vnd) => `${usd} → ${vnd}`,
  payNow: "Pay",
};
