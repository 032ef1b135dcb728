-- Hand-written: a key check finds its code ignoring case (docs/licensing.md §2, ADR 0023); this
-- index keeps that lookup one indexed read, as license_keys_code does for the exact code.
CREATE INDEX `license_keys_code_upper` ON `license_keys` (upper("key_code"));
