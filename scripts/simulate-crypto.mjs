// Pays a crypto top-up at the simulated NOWPayments (development only), which then notifies the
// store as NOWPayments would (signed, to the invoice's ipn_callback_url).
// `npm run simulate:crypto -- <order_id> <usd> [status]`: status finished (the default),
// partially_paid, waiting, confirming, confirmed, sending, failed, expired, refunded or redeposit.
// The simulator is found at NOWPAYMENTS_API_URL (.dev.vars, as npm start reads it).
import { localSettings } from "./lib.mjs";

if (import.meta.url === `file://${process.argv[1]}`) {
  const [orderId, usdText, status = "finished"] = process.argv.slice(2);
  const usd = Number(usdText);
  if (!orderId || !(usd >= 0)) {
    console.error("Usage: npm run simulate:crypto -- <order_id> <usd> [status]");
    process.exit(2);
  }
  const { NOWPAYMENTS_API_URL: api } = localSettings();
  const response = await fetch(`${api}/sim/pay`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ order_id: orderId, usd, status }) });
  const body = await response.json().catch(() => null);
  console.log(`Payment ${body?.payment_id ?? "?"} (${body?.payment_status ?? status}): HTTP ${response.status} ${JSON.stringify(body)}`);
  process.exit(response.ok ? 0 : 1);
}
