// The VietQR webhook storm: users create pending top-ups through the API, then the simulated bank
// (scripts/simulate-bank.mjs) confirms them all at once, with retries of some notifications (the
// same bank transaction again) and second transfers for others (a new bank transaction carrying an
// already paid code). Afterwards every user must have been credited exactly once.
import { signInAdmin } from "../admin-code.mjs";
import { simulateBankTransfer } from "../simulate-bank.mjs";
import { accessToken, api, inParallel, percentile } from "./http.mjs";

const STEP = 1000;

/**
 * `userIds` must be accounts with a zero balance and no top-ups. Returns the latency figures, the
 * outcome the store answered for each kind of notification, and the credit check.
 */
export async function webhookStorm({ origin, settings, config, userIds, retries, secondTransfers, concurrency = 50, log = console.log }) {
  const call = (path, options) => api(origin, path, options);
  const users = await Promise.all(userIds.map(async (id, index) => ({ id, token: await accessToken(settings.JWT_SECRET, id), amount: config.VIETQR_MIN_AMOUNT + (index % 50) * STEP })));

  // 1. Pending top-ups, created by the users through the API (10 at a time, as buyers would).
  const createLatencies = [];
  await inParallel(users, 10, async (user) => {
    const started = performance.now();
    const created = await call("/api/vietqr/create/", { token: user.token, body: { amount: user.amount } });
    createLatencies.push(performance.now() - started);
    if (created.status !== 201) throw new Error(`top-up for user ${user.id} failed: ${created.status} ${JSON.stringify(created.body)}`);
    user.topup = created.body.data;
  });
  log(`Created ${users.length} pending VietQR top-ups; firing the bank's notifications…`);

  // 2. The storm: one notification per top-up, retries of the first `retries`, and second transfers
  // (new bank ids) for the next `secondTransfers`, shuffled so repeats race their originals.
  const baseId = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const notifications = users.map((user, index) => ({ kind: "first", id: baseId + index, user }));
  notifications.push(...users.slice(0, retries).map((user, index) => ({ kind: "retry", id: baseId + index, user })));
  notifications.push(...users.slice(retries, retries + secondTransfers).map((user, index) => ({ kind: "second", id: baseId + users.length + index, user })));
  for (let index = notifications.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [notifications[index], notifications[other]] = [notifications[other], notifications[index]];
  }
  const started = performance.now();
  const answers = await inParallel(notifications, concurrency, async (notification) => {
    const begun = performance.now();
    const result = await simulateBankTransfer({
      origin,
      apiKey: settings.SEPAY_API_KEY,
      accountNumber: settings.VIETQR_ACCOUNT_NUMBER,
      content: `${notification.user.topup.description} chuyen tien`,
      amount: notification.user.amount,
      id: notification.id,
    });
    return { kind: notification.kind, ms: performance.now() - begun, status: result.status, outcome: result.body?.outcome ?? `HTTP ${result.status}` };
  });
  const wallMs = performance.now() - started;
  // Which of a pair arrives first is up to the race, so outcomes are counted over all answers.
  const outcomes = {};
  for (const answer of answers) outcomes[answer.outcome] = (outcomes[answer.outcome] ?? 0) + 1;
  const latencies = answers.map((answer) => answer.ms);

  // 3. Credited exactly once: each balance is its top-up's amount, with one deposit in the ledger,
  // and each top-up is paid.
  const problems = [];
  await inParallel(users, 10, async (user) => {
    const [balance, ledger, topup] = await Promise.all([
      call("/api/auth/wallet/balance/", { token: user.token }),
      call("/api/auth/wallet/transactions/", { token: user.token }),
      call(`/api/vietqr/detail/${user.topup.transaction_id}/`, { token: user.token }),
    ]);
    const deposits = (ledger.body?.data ?? []).filter((row) => row.transaction_type === "deposit");
    const credited = deposits.reduce((sum, row) => sum + row.amount, 0);
    if (balance.body?.data?.balance !== user.amount || deposits.length !== 1 || credited !== user.amount || topup.body?.data?.status !== "paid") {
      problems.push({ user: user.id, amount: user.amount, balance: balance.body?.data?.balance, deposits: deposits.length, credited, status: topup.body?.data?.status });
    }
  });

  // The admin's view of this storm's bank events: one credited per top-up, each for a different
  // user, and the second transfers parked as unmatched.
  const admin = await signInAdmin(call, settings);
  const ours = new Set(notifications.map((notification) => String(notification.id)));
  const events = async (status) =>
    ((await call(`/api/admin/bank-transfers/?status=${status}`, { token: admin.access })).body?.data ?? []).filter((event) => ours.has(event.provider_transaction_id));
  const [creditedEvents, unmatchedEvents] = [await events("credited"), await events("unmatched")];
  const creditedUsers = new Set(creditedEvents.map((event) => event.credited_user_id));
  const bankEvents = { credited: creditedEvents.length, distinctUsers: creditedUsers.size, unmatched: unmatchedEvents.length };
  if (bankEvents.credited !== users.length || bankEvents.distinctUsers !== users.length || bankEvents.unmatched !== secondTransfers) {
    problems.push({ bankEvents, expected: { credited: users.length, unmatched: secondTransfers } });
  }

  return {
    topups: users.length,
    notifications: notifications.length,
    retries,
    secondTransfers,
    concurrency,
    create: { median: percentile(createLatencies, 50), p99: percentile(createLatencies, 99) },
    median: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: (notifications.length / wallMs) * 1000,
    errors: answers.filter((answer) => answer.status !== 200).length,
    outcomes,
    bankEvents,
    problems,
    creditedOnce: problems.length === 0,
  };
}
