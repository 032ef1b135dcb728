// The profile's purchases tab (docs/product.md §2, §3 "Purchased key"): every key bought, with its code and
// a copy button (docs/product.md §8 clipboard messages), where the key stands (activation, device, expiry,
// ban) and "Đổi thiết bị", which the route's clientAction carries out after a confirmation.
import { Link } from "@remix-run/react";
import { useId, useRef } from "react";
import { Dialog, DialogCloseButton } from "~/ui/Dialog";
import { Spinner } from "~/ui/Spinner";
import { type Format, useFormat } from "~/i18n/format";
import { useLocalePath } from "~/i18n/locale";
import { purchasesWords } from "~/i18n/vi/wallet/purchases";
import { useWords } from "~/i18n/words";
import { CopyButton } from "~/ui/CopyButton";
import type { Purchase } from "@workers/money/buyer-wallet";
import { ListBody, type ListState } from "../accounts/profile/ProfileList";

type Words = typeof purchasesWords.vi;

/** The binding in one line, and its colour. */
function bindingText(purchase: Purchase, words: Words, format: Format): { text: string; tone: string } | null {
  switch (purchase.key_state) {
    case "not_activated":
      return { text: words.inactive, tone: "text-zinc-300" };
    case "active":
      return { text: words.activeOn(String(purchase.device_hint), format.dateTime(purchase.activated_at)), tone: "text-emerald-300" };
    case "awaiting_device":
      return { text: words.awaiting, tone: "text-sky-300" };
    case "expired":
      return { text: words.expired(format.dateTime(purchase.expires_at)), tone: "text-amber-300" };
    case "banned":
      return { text: words.banned(format.dateTime(purchase.banned_at)), tone: "text-red-300" };
    case "revoked":
      return { text: words.revoked, tone: "text-red-300" };
    default:
      return null;
  }
}

function KeyBinding({ purchase, onMove }: { purchase: Purchase; onMove: () => void }) {
  const waitId = useId();
  const words = useWords(purchasesWords);
  const format = useFormat();
  const binding = bindingText(purchase, words, format);
  if (!binding) return null;
  // Moved within the interval: the server would refuse (429), so the move waits, and says until when.
  const nextMove = purchase.device_reset_available_at;
  const waiting = nextMove !== null && Date.parse(nextMove) > Date.now();
  const inUse = purchase.key_state === "active" || purchase.key_state === "awaiting_device";
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm" data-testid="purchase-binding">
      <div className="min-w-0">
        <p className={`font-medium break-words ${binding.tone}`} data-testid="purchase-binding-state">
          {binding.text}
        </p>
        {inUse && (
          <p className="text-xs text-zinc-400">
            {purchase.expires_at ? words.until(format.dateTime(purchase.expires_at)) : words.noLimit}
            {purchase.last_check_at ? words.checked(format.dateTime(purchase.last_check_at)) : ""}
          </p>
        )}
      </div>
      {purchase.key_state === "active" && (
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <button
            type="button"
            onClick={onMove}
            disabled={waiting}
            aria-describedby={waiting ? waitId : undefined}
            className="rounded-lg border border-white/10 px-3 py-1.5 text-sm font-semibold text-zinc-100 hover:border-indigo-400/60 hover:text-white disabled:cursor-not-allowed disabled:border-white/5 disabled:text-zinc-500 disabled:hover:border-white/5"
          >
            {words.move}
          </button>
          {waiting && (
            <p id={waitId} className="text-xs text-zinc-300" data-testid="purchase-next-move">
              {words.nextMove(format.timeDayMonth(nextMove))}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** The confirmation before a key leaves its device. */
function MoveDeviceDialog({ purchase, busy, onConfirm, onClose }: { purchase: Purchase | null; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const words = useWords(purchasesWords);
  return (
    <Dialog open={purchase !== null} onClose={onClose} labelledBy={titleId} describedBy={textId} busy={busy} testId="move-device-dialog">
      <div className="mb-3 flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-bold text-white">
          {words.move}
        </h2>
        <DialogCloseButton onClick={onClose} disabled={busy} />
      </div>
      <div id={textId} className="space-y-2 text-sm text-zinc-300">
        <p>{words.moveAsk(purchase?.app_name ?? "", purchase?.device_hint ?? "")}</p>
        <p>{words.moveNote(String(purchase?.device_reset_hours ?? ""))}</p>
      </div>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" onClick={onClose} disabled={busy} className="rounded-lg px-4 py-2 text-sm font-semibold text-zinc-300 hover:text-white disabled:opacity-50">
          {words.cancel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className="inline-flex items-center gap-2 rounded-lg bg-indigo-500 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-400 disabled:opacity-60"
        >
          {busy && <Spinner />}
          {words.move}
        </button>
      </div>
    </Dialog>
  );
}

const STATUS_TONES: Record<string, string> = { completed: "bg-emerald-500/15 text-emerald-300", refunded: "bg-amber-500/15 text-amber-200" };

function PurchaseCard({ purchase, onMove }: { purchase: Purchase; onMove: (purchase: Purchase) => void }) {
  const code = useRef<HTMLElement>(null);
  const words = useWords(purchasesWords);
  const format = useFormat();
  const status = { label: words.order(purchase.status), tone: STATUS_TONES[purchase.status] ?? "bg-zinc-500/15 text-zinc-300" };

  // The copy failed: select the code so the manual copy is half done.
  function selectCode() {
    const node = code.current;
    const selection = window.getSelection();
    if (!node || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  }

  return (
    <li className="rounded-xl border border-white/5 bg-black/20 p-4" data-testid="purchase" data-purchase-id={purchase.id}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="font-bold break-words text-white">{purchase.app_name}</p>
          {purchase.app_bundle_id && <p className="font-mono text-xs break-all text-zinc-500">{purchase.app_bundle_id}</p>}
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.tone}`}>{status.label}</span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-zinc-400">{words.keyType}</dt>
          <dd className="font-medium text-zinc-100">{format.keyType({ name: purchase.key_type_code, display_name: purchase.key_type_name })}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-400">{words.price}</dt>
          <dd className="font-medium text-indigo-300">
            {format.priceWithVnd(purchase.amount, purchase.currency, purchase.vnd_amount)}
          </dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-xs text-zinc-400">{words.bought}</dt>
          <dd className="font-medium text-zinc-100">
            <time dateTime={purchase.purchased_at}>{format.dateTime(purchase.purchased_at)}</time>
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex items-center gap-2 rounded-lg border border-emerald-500/20 bg-black/30 py-1.5 pr-1.5 pl-3">
        <span className="sr-only">Key: </span>
        <code ref={code} className="min-w-0 flex-1 font-mono text-sm font-bold break-all text-emerald-200 select-all" data-testid="purchase-key">
          {purchase.key_code}
        </code>
        <CopyButton value={purchase.key_code} label="key" copiedMessage={words.copied} failedMessage={words.copyFailed} onFailed={selectCode} />
      </div>
      <KeyBinding purchase={purchase} onMove={() => onMove(purchase)} />
    </li>
  );
}

/** The move of a key to another device: which purchase is being confirmed, and the route's action. */
export type DeviceMove = { moving: Purchase | null; busy: boolean; ask: (purchase: Purchase) => void; cancel: () => void; confirm: () => void };

export function PurchasesTab({ purchases, onRetry, deviceMove }: { purchases: ListState<Purchase>; onRetry: () => void; deviceMove: DeviceMove }) {
  const words = useWords(purchasesWords);
  const to = useLocalePath();
  return (
    <>
    <ListBody
      state={purchases}
      onRetry={onRetry}
      empty={
        <>
          <p>{words.noKeys}</p>
          <Link to={to("/")} className="mt-3 inline-block font-semibold text-indigo-300 underline-offset-4 hover:underline">
            {words.explore}
          </Link>
        </>
      }
    >
      {(rows) => (
        <ul className="space-y-3" data-testid="purchases">
          {rows.map((purchase) => (
            <PurchaseCard key={purchase.id} purchase={purchase} onMove={deviceMove.ask} />
          ))}
        </ul>
      )}
    </ListBody>
    <MoveDeviceDialog purchase={deviceMove.moving} busy={deviceMove.busy} onConfirm={deviceMove.confirm} onClose={deviceMove.cancel} />
    </>
  );
}
