// Which of the profile's dialogs is open (one at a time): a top-up dialog, opened by its button or by
// the load that carried ?topup=, with its settings read meanwhile; or the password dialog.
import { useState } from "react";
import type { Locale } from "~/i18n/locale";
import type { TopupKind, VietQrTransaction } from "~/money/topup/topup";
import type { OpenTopup } from "../../money/topup/topup-config";
import { loadTopupConfig } from "./profile-dialogs";
import type { Loaded } from "./profile-data";

export function useProfileDialogs(loaded: Loaded, locale: Locale) {
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [topup, setTopup] = useState<OpenTopup | null>(loaded.topup);
  const [shown, setShown] = useState(loaded);
  // A load that carries ?topup='s request opens that dialog (once per load).
  if (shown !== loaded) {
    setShown(loaded);
    if (loaded.topup) setTopup(loaded.topup);
  }

  /**
   * Opens a top-up dialog from its button; its settings are read meanwhile. VietQR resumes
   * `resume`, else the newest top-up still awaiting a transfer (read afresh); the card dialog the
   * newest card still being checked.
   */
  function openTopup(kind: TopupKind, resume?: VietQrTransaction) {
    // One dialog at a time: while a dialog's file is on its way, the page still takes taps.
    setPasswordOpen(false);
    if (kind === "vietqr") {
      setTopup({ kind, config: null, resume });
      void loadTopupConfig().then((rules) => rules.loadVietQrConfig(locale)).then((config) => setTopup((open) => (open?.kind === "vietqr" ? { ...open, config } : open)));
      if (!resume) {
        void loadTopupConfig().then((rules) => rules.loadPendingTopups()).then((pending) =>
          setTopup((open) => (open?.kind === "vietqr" && open.resume === undefined ? { ...open, resume: pending?.[0]?.topup ?? null } : open)),
        );
      }
    } else if (kind === "crypto") {
      readCryptoTerms();
      void loadTopupConfig().then((rules) => rules.loadPendingCrypto()).then((pending) =>
        setTopup((open) => (open?.kind === "crypto" && open.resume === undefined ? { ...open, resume: pending?.[0] ?? null } : open)),
      );
    } else {
      setTopup({ kind, config: { status: "loading" } });
      readCardConfig();
      void loadTopupConfig().then((rules) => rules.loadPendingCards()).then((pending) =>
        setTopup((open) => (open?.kind === "card" && open.resume === undefined ? { ...open, resume: pending?.[0] ?? null } : open)),
      );
    }
  }

  /** The card settings, read (again, after "Thử lại"); the card the dialog resumes stays. */
  function readCardConfig() {
    setTopup((open) => (open?.kind === "card" ? { ...open, config: { status: "loading" } } : { kind: "card", config: { status: "loading" } }));
    void loadTopupConfig().then((rules) => rules.loadCardConfig(locale)).then((config) => setTopup((open) => (open?.kind === "card" ? { ...open, config } : open)));
  }

  /** The crypto terms, read (again, after "Thử lại"); the top-up the dialog resumes stays. */
  function readCryptoTerms() {
    setTopup((open) => (open?.kind === "crypto" ? { ...open, config: { status: "loading" } } : { kind: "crypto", config: { status: "loading" } }));
    void loadTopupConfig().then((rules) => rules.loadCryptoTerms()).then((config) => setTopup((open) => (open?.kind === "crypto" ? { ...open, config } : open)));
  }

  function openPassword() {
    setTopup(null);
    setPasswordOpen(true);
  }

  return { topup, passwordOpen, openTopup, readCardConfig, readCryptoTerms, openPassword, closeTopup: () => setTopup(null), closePassword: () => setPasswordOpen(false) };
}
