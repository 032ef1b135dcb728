// The second factor's set-up pieces (issue #15), shown once a set-up has begun: the QR code and
// the secret to add to an authenticator app (on a phone, a link that opens it, issue #27), and the
// recovery codes shown once with copy and download buttons. The code field is SecondFactor.tsx.
import { secondFactorWords } from "~/i18n/vi/accounts/second-factor";
import { useWords } from "~/i18n/words";
import { CopyButton } from "../ui/CopyButton";
import { SECONDARY_BUTTON } from "../ui/button-class";

/** Only the authenticator's own scheme becomes a link (the value comes back from sessionStorage). */
function authenticatorLink(uri: string | undefined): string | null {
  return uri?.startsWith("otpauth://totp/") ? uri : null;
}

/**
 * The QR code (drawn by the server with our own QR encoding) and, beside it, a link with the very
 * URI the QR encodes: a phone cannot scan its own screen, and the authenticator app opens otpauth://.
 * Then the secret for manual entry.
 */
export function EnrolmentSteps({ qrCode, secret, otpauthUri }: { qrCode: string; secret: string; otpauthUri?: string }) {
  const link = authenticatorLink(otpauthUri);
  const words = useWords(secondFactorWords);
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-zinc-300">
        <li>{words.stepOpen}</li>
        <li>{words.stepScan}</li>
        <li>{words.stepCode}</li>
      </ol>
      <div className="flex flex-col items-center gap-3">
        <img src={qrCode} alt={words.qrAlt} width={240} height={240} className="h-60 w-60 rounded-xl bg-white p-2" />
        {link && (
          <a href={link} className={`${SECONDARY_BUTTON} sm:w-auto`}>
            {words.openApp}
          </a>
        )}
      </div>
      <div>
        <p className="text-sm text-zinc-400">{words.secret}</p>
        <div className="mt-1 flex items-center gap-2">
          <code data-testid="mfa-secret" className="min-w-0 flex-1 break-all rounded-lg bg-zinc-950/70 px-3 py-2 font-mono text-sm tracking-wider text-white">
            {secret}
          </code>
          <CopyButton value={secret} label={words.secretName} copiedMessage={words.secretCopied} />
        </div>
      </div>
    </div>
  );
}

function download(codes: string[], { heading, name }: { heading: string; name: string }) {
  const text = `${heading}\n\n${codes.join("\n")}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** The 10 recovery codes, shown once: copy them all or download them as a text file. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const words = useWords(secondFactorWords);
  return (
    <section aria-labelledby="recovery-codes-title" className="rounded-xl border border-amber-400/30 bg-amber-500/10 p-4">
      <h2 id="recovery-codes-title" className="font-bold text-amber-200">
        {words.recoveryCodes}
      </h2>
      <p className="mt-1 text-sm text-amber-100/80">{words.recoveryCodesNote}</p>
      <ul data-testid="recovery-codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-white">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-zinc-950/60 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex items-center gap-2">
        <CopyButton value={codes.join("\n")} label={words.recoveryCodesName} copiedMessage={words.recoveryCodesCopied} />
        <button type="button" onClick={() => download(codes, { heading: words.fileHeading, name: words.fileName })} className={`${SECONDARY_BUTTON} sm:w-auto`}>
          {words.download}
        </button>
      </div>
    </section>
  );
}
