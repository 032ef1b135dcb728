// The VietQR (NAPAS 247) bank-transfer QR: an EMVCo merchant-presented payload (docs/formats.md#vietqr).
// Each field is ID (2 digits) + length (2 digits) + value; 63 closes it with a CRC.

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`VietQR field ${id} is too long`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Transfer content must be plain ASCII: no diacritics (đ included), only letters, digits and spaces. */
export function transferContent(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[đĐ]/g, (char) => (char === "đ" ? "d" : "D"))
    .replace(/[^A-Za-z0-9 ]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 50);
}

export type VietQrInput = { bankBin: string; accountNumber: string; amount?: number; content?: string };

export function buildVietQrPayload({ bankBin, accountNumber, amount, content }: VietQrInput): string {
  if (!/^\d{6}$/.test(bankBin)) throw new Error("bank BIN must be 6 digits");
  if (!/^[0-9A-Za-z]{1,19}$/.test(accountNumber)) throw new Error("account number must be 1-19 characters");
  const merchant = field("00", "A000000727") + field("01", field("00", bankBin) + field("01", accountNumber)) + field("02", "QRIBFTTA");
  let payload = field("00", "01") + field("01", amount ? "12" : "11") + field("38", merchant) + field("53", "704");
  if (amount) payload += field("54", String(Math.trunc(amount)));
  payload += field("58", "VN");
  const text = content ? transferContent(content) : "";
  if (text) payload += field("62", field("08", text));
  payload += "6304";
  return payload + crc16(payload);
}
