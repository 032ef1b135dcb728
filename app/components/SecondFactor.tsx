// The second factor's pieces (issue #15): the QR code and the secret to add to an authenticator
// app, the code field, and the recovery codes shown once with copy and download buttons.
import { TextField } from "./Field";
import { CopyButton } from "./CopyButton";
import { SECONDARY_BUTTON } from "./AuthCard";

/** The QR code (drawn by the server with our own QR encoding) and the secret for manual entry. */
export function EnrolmentSteps({ qrCode, secret }: { qrCode: string; secret: string }) {
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-zinc-300">
        <li>Mở ứng dụng xác thực (Google Authenticator, Microsoft Authenticator, 2FAS…).</li>
        <li>Quét mã QR bên dưới, hoặc nhập khóa bí mật bằng tay.</li>
        <li>Nhập mã 6 số ứng dụng hiển thị để xác nhận.</li>
      </ol>
      <img src={qrCode} alt="Mã QR để thêm tài khoản vào ứng dụng xác thực" width={240} height={240} className="mx-auto h-60 w-60 rounded-xl bg-white p-2" />
      <div>
        <p className="text-sm text-zinc-400">
          Khóa bí mật (nhập bằng tay)
        </p>
        <div className="mt-1 flex items-center gap-2">
          <code data-testid="mfa-secret" className="min-w-0 flex-1 break-all rounded-lg bg-zinc-950/70 px-3 py-2 font-mono text-sm tracking-wider text-white">
            {secret}
          </code>
          <CopyButton value={secret} label="khóa bí mật" copiedMessage="Đã sao chép khóa bí mật" />
        </div>
      </div>
    </div>
  );
}

/** The 6-digit code (or a recovery code) field, with the phone's one-time-code autofill. */
export function SecondFactorCodeField({ errors, allowRecovery = true }: { errors?: string[]; allowRecovery?: boolean }) {
  return (
    <TextField
      name="code"
      label="Mã xác thực"
      hint={allowRecovery ? "Mã 6 số trong ứng dụng xác thực, hoặc một mã khôi phục." : "Mã 6 số trong ứng dụng xác thực."}
      autoComplete="one-time-code"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      inputMode={allowRecovery ? "text" : "numeric"}
      maxLength={20}
      required
      errors={errors}
    />
  );
}

function download(codes: string[]) {
  const text = `Mã khôi phục xác thực hai lớp (mỗi mã dùng một lần)\n\n${codes.join("\n")}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "ma-khoi-phuc.txt";
  link.click();
  URL.revokeObjectURL(url);
}

/** The 10 recovery codes, shown once: copy them all or download them as a text file. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="rounded-xl border border-amber-400/30 bg-amber-500/10 p-4">
      <h2 id="recovery-codes-title" className="font-bold text-amber-200">
        Mã khôi phục
      </h2>
      <p className="mt-1 text-sm text-amber-100/80">
        Lưu các mã này ở nơi an toàn. Mỗi mã thay cho mã xác thực một lần khi bạn mất điện thoại. Các mã chỉ hiển thị lần này.
      </p>
      <ul data-testid="recovery-codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-white">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-zinc-950/60 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex items-center gap-2">
        <CopyButton value={codes.join("\n")} label="mã khôi phục" copiedMessage="Đã sao chép mã khôi phục" />
        <button type="button" onClick={() => download(codes)} className={`${SECONDARY_BUTTON} sm:w-auto`}>
          Tải xuống
        </button>
      </div>
    </section>
  );
}
