// The simulated bank (development only): tells the local store, exactly as SePay would, that a
// transfer with this content and amount arrived. `npm run simulate:bank -- <code> <amount>`
// Settings come from .dev.vars (SEPAY_API_KEY, VIETQR_ACCOUNT_NUMBER); the store is found as npm start
// serves it: PORT from the environment, else from .dev.vars, else 8787.
import { randomInt } from "node:crypto";
import { localSettings, storePort } from "./lib.mjs";

/** Posts one SePay-shaped incoming transfer; returns the store's answer. */
export async function simulateBankTransfer({ origin, apiKey, accountNumber, content, amount, id = randomInt(1, 2 ** 31) }) {
  const body = {
    id,
    gateway: "Vietcombank",
    transactionDate: new Date().toISOString().replace("T", " ").slice(0, 19),
    accountNumber,
    code: null,
    content,
    transferType: "in",
    transferAmount: amount,
    accumulated: 0,
    subAccount: null,
    referenceCode: `SIM${id}`,
    description: `${content} - chuyen khoan mo phong`,
  };
  const response = await fetch(`${origin}/api/webhooks/sepay/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Apikey ${apiKey}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null), id };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [code, amountText] = process.argv.slice(2);
  const amount = Number(amountText);
  if (!code || !Number.isSafeInteger(amount) || amount <= 0) {
    console.error("Usage: npm run simulate:bank -- <transfer code> <amount in VND>");
    process.exit(2);
  }
  const vars = localSettings();
  const origin = `http://127.0.0.1:${storePort(process.env, vars)}`;
  const result = await simulateBankTransfer({ origin, apiKey: vars.SEPAY_API_KEY, accountNumber: vars.VIETQR_ACCOUNT_NUMBER, content: code, amount });
  console.log(`Bank transaction ${result.id}: HTTP ${result.status} ${JSON.stringify(result.body)}`);
  process.exit(result.status === 200 ? 0 : 1);
}
