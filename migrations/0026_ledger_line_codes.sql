-- Ledger lines stored by code (issue 51, docs/decisions/0070-ledger-lines-by-code.md): each wallet
-- row gains the code of its line's form (workers/money/messages.ts LEDGER_MESSAGES) and the
-- line's arguments as a JSON array in the declared order; `description` keeps the Vietnamese.
-- Additive: two new columns, then the rows written before them are given their code where their
-- form is known, the arguments taken from the row's source (the order, the card, the VietQR
-- top-up, the crypto top-up) and the form held to the stored text; what a line only names in its
-- text (a promotion's name as it was, an admin's note) is read from it. A row no statement here
-- knows keeps a NULL code and is shown by its description. Only the new columns are written.
-- Reviewed in migrations/reviewed.json (the trigger lifted and made again).
ALTER TABLE `wallet_transactions` ADD `description_code` text;--> statement-breakpoint
ALTER TABLE `wallet_transactions` ADD `description_args` text;--> statement-breakpoint
-- The ledger is append-only (migrations/0011): its update trigger is lifted for the backfill and made
-- again as it was, in this migration's one transaction, so no other write runs without it.
DROP TRIGGER `wallet_transactions_no_update`;--> statement-breakpoint
-- A purchase: the order's key type and app as it wrote them, and the type's code.
UPDATE wallet_transactions AS w SET description_code = 'ledger_purchase', description_args = json_array(o.key_type_name, o.app_name, kt.name)
  FROM orders AS o LEFT JOIN key_types AS kt ON kt.id = o.key_type_id
  WHERE w.description_code IS NULL AND w.transaction_type = 'purchase' AND o.id = w.order_id
    AND w.description = 'Mua key ' || o.key_type_name || ' - ' || o.app_name;--> statement-breakpoint
-- A VietQR top-up: its transfer content, the buyer's own top-up's.
UPDATE wallet_transactions AS w SET description_code = 'ledger_vietqr', description_args = json_array(t.transfer_code)
  FROM vietqr_topups AS t
  WHERE w.description_code IS NULL AND w.source = 'vietqr' AND t.user_id = w.user_id AND w.description = 'Nạp tiền VietQR ' || t.transfer_code;--> statement-breakpoint
-- A card credited by an admin (its reference is the card's, so it goes before the gateway's forms): the note after the label.
UPDATE wallet_transactions SET description_code = 'ledger_card_by_hand',
    description_args = json_array(CASE WHEN description = 'Nạp tiền bằng thẻ cào (duyệt thủ công)' THEN '' ELSE substr(description, length('Nạp tiền bằng thẻ cào (duyệt thủ công): ') + 1) END)
  WHERE description_code IS NULL AND source = 'card'
    AND (description = 'Nạp tiền bằng thẻ cào (duyệt thủ công)' OR description LIKE 'Nạp tiền bằng thẻ cào (duyệt thủ công): %');--> statement-breakpoint
-- A card of the wrong declared value: carrier, declared value, serial's end, real value, fee, what was credited.
UPDATE wallet_transactions AS w SET description_code = 'ledger_card_wrong_value',
    description_args = json_array(c.telco, c.card_value, substr(c.card_serial, -4), c.real_value, c.fee_percent, w.amount)
  FROM card_topups AS c
  WHERE w.description_code IS NULL AND w.source = 'card' AND w.reference = 'card:' || c.request_id AND c.user_id = w.user_id
    AND c.real_value IS NOT NULL AND w.description LIKE 'Nạp tiền bằng thẻ cào % serial …' || substr(c.card_serial, -4) || '; sai mệnh giá, khai báo %';--> statement-breakpoint
-- A good card: carrier, value, serial's end, the fee (NULL on a line written before it said the fee), what was credited.
UPDATE wallet_transactions AS w SET description_code = 'ledger_card',
    description_args = json_array(c.telco, c.card_value, substr(c.card_serial, -4), CASE WHEN w.description LIKE '%: %' THEN c.fee_percent END, w.amount)
  FROM card_topups AS c
  WHERE w.description_code IS NULL AND w.source = 'card' AND w.reference = 'card:' || c.request_id AND c.user_id = w.user_id
    AND w.description NOT LIKE '%; sai mệnh giá%'
    AND (w.description LIKE 'Nạp tiền bằng thẻ cào % serial …' || substr(c.card_serial, -4) || ': % trừ phí ' || c.fee_percent || '% còn %'
      OR w.description LIKE 'Nạp tiền bằng thẻ cào % serial …' || substr(c.card_serial, -4));--> statement-breakpoint
-- A bank transfer credited by an admin: the note after the label.
UPDATE wallet_transactions SET description_code = 'ledger_transfer_by_hand',
    description_args = json_array(CASE WHEN description = 'Nạp tiền chuyển khoản (duyệt thủ công)' THEN '' ELSE substr(description, length('Nạp tiền chuyển khoản (duyệt thủ công): ') + 1) END)
  WHERE description_code IS NULL AND source = 'bank_transfer'
    AND (description = 'Nạp tiền chuyển khoản (duyệt thủ công)' OR description LIKE 'Nạp tiền chuyển khoản (duyệt thủ công): %');--> statement-breakpoint
-- A promotion's bonus: the promotion's name as it was when it paid (a promotion may be renamed since).
UPDATE wallet_transactions SET description_code = 'ledger_bonus', description_args = json_array(substr(description, length('Khuyến mãi nạp tiền: ') + 1))
  WHERE description_code IS NULL AND source = 'bonus' AND description LIKE 'Khuyến mãi nạp tiền: %';--> statement-breakpoint
-- An admin's adjustment: the admin's note, empty for the default one.
UPDATE wallet_transactions SET description_code = 'ledger_adjustment',
    description_args = json_array(CASE WHEN description = 'Điều chỉnh số dư bởi quản trị viên' THEN '' ELSE description END)
  WHERE description_code IS NULL AND source = 'admin' AND description <> '';--> statement-breakpoint
-- A crypto top-up's credit: the invoice's US$ cents, which part of it, the payment, held to the stored text.
UPDATE wallet_transactions AS w SET description_code = 'ledger_crypto',
    description_args = json_array(t.usd_cents, CASE WHEN w.description LIKE '%, phần còn lại, thanh toán %' THEN 'rest' WHEN w.description LIKE '%, một phần, thanh toán %' THEN 'partial' END, t.payment_id)
  FROM crypto_topups AS t
  WHERE w.description_code IS NULL AND w.source = 'crypto' AND t.user_id = w.user_id AND t.payment_id IS NOT NULL AND w.reference LIKE 'crypto:' || t.payment_id || ':%'
    AND w.description IN (
      'Nạp tiền crypto (NOWPayments) ' || printf('%d.%02d USD', t.usd_cents / 100, t.usd_cents % 100) || ', thanh toán ' || t.payment_id,
      'Nạp tiền crypto (NOWPayments) ' || printf('%d.%02d USD', t.usd_cents / 100, t.usd_cents % 100) || ', phần còn lại, thanh toán ' || t.payment_id,
      'Nạp tiền crypto (NOWPayments) ' || printf('%d.%02d USD', t.usd_cents / 100, t.usd_cents % 100) || ', một phần, thanh toán ' || t.payment_id);--> statement-breakpoint
-- A parked crypto payment an admin credited (reference crypto:<payment>:review): the payment, and the note after the label.
UPDATE wallet_transactions SET description_code = 'ledger_crypto_by_hand',
    description_args = json_array(substr(reference, 8, length(reference) - 14),
      substr(description, length('Nạp tiền crypto (NOWPayments), thanh toán ' || substr(reference, 8, length(reference) - 14) || ' (duyệt thủ công): ') + 1))
  WHERE description_code IS NULL AND source = 'crypto' AND reference LIKE 'crypto:%:review'
    AND (description = 'Nạp tiền crypto (NOWPayments), thanh toán ' || substr(reference, 8, length(reference) - 14) || ' (duyệt thủ công)'
      OR description LIKE 'Nạp tiền crypto (NOWPayments), thanh toán ' || substr(reference, 8, length(reference) - 14) || ' (duyệt thủ công): %');--> statement-breakpoint
-- A top-up's debt paid from a deposit (reference <deposit>:debt): what it paid, the row's own amount.
UPDATE wallet_transactions SET description_code = 'ledger_debt_repaid', description_args = json_array(-amount)
  WHERE description_code IS NULL AND source = 'crypto' AND reference LIKE '%:debt' AND amount < 0 AND description LIKE 'Trả nợ do khoản nạp crypto bị hoàn lại: %';--> statement-breakpoint
CREATE TRIGGER `wallet_transactions_no_update` BEFORE UPDATE ON `wallet_transactions`
BEGIN SELECT RAISE(ABORT, 'wallet_transactions is append-only'); END;
