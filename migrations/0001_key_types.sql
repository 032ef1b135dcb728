-- The key types of the spec (§3): every store sells these; admins price them per app.
INSERT OR IGNORE INTO key_types (name, display_name, description, duration_days) VALUES
  ('1day', '1 Ngày', 'Key dùng trong 1 ngày kể từ lần kích hoạt đầu tiên', 1),
  ('7days', '7 Ngày', 'Key dùng trong 7 ngày kể từ lần kích hoạt đầu tiên', 7),
  ('30days', '30 Ngày', 'Key dùng trong 30 ngày kể từ lần kích hoạt đầu tiên', 30),
  ('lifetime', 'Vĩnh viễn', 'Key dùng vĩnh viễn', 0);
