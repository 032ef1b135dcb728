// The profile's tab list (the WAI-ARIA tabs pattern: arrows, Home and End move between tabs) and
// the panel each tab shows; the tab is the address's ?tab=.
import type { KeyboardEvent, ReactNode } from "react";
import { profileWords } from "~/i18n/vi/wallet/profile";
import { useWords } from "~/i18n/words";
import { PROFILE_TABS, type ProfileTab } from "./profile-query";

/** A tab's name in the page's words. */
function tabLabel(words: typeof profileWords.vi, tab: ProfileTab): string {
  return tab === "wallet" ? words.tabWallet : tab === "purchases" ? words.tabPurchases : words.tabProfile;
}

export function ProfileTabs({ tab, visible, onSelect, children }: { tab: ProfileTab; visible: ProfileTab[]; onSelect: (tab: ProfileTab) => void; children: (tab: ProfileTab) => ReactNode }) {
  const words = useWords(profileWords);

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = PROFILE_TABS.indexOf(tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: PROFILE_TABS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = PROFILE_TABS[(moves[event.key] + PROFILE_TABS.length) % PROFILE_TABS.length];
    onSelect(next);
    document.getElementById(`profile-tab-${next}`)?.focus();
  }

  return (
    <div className="mt-6 rounded-2xl border border-white/5 bg-zinc-900/70">
      <div role="tablist" aria-label={words.tabs} className="flex overflow-x-auto border-b border-white/5 px-2" onKeyDown={onTabKeyDown}>
        {PROFILE_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`profile-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`profile-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => onSelect(name)}
            className={`-mb-px shrink-0 border-b-2 px-4 py-3.5 text-sm font-semibold whitespace-nowrap transition ${
              tab === name ? "border-indigo-400 text-white" : "border-transparent text-zinc-400 hover:text-zinc-200"
            }`}
          >
            {tabLabel(words, name)}
          </button>
        ))}
      </div>
      {visible.map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={`profile-panel-${name}`}
          aria-labelledby={`profile-tab-${name}`}
          hidden={tab !== name}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes the tab panel focusable.
          tabIndex={0}
          className="p-5 outline-none sm:p-6"
        >
          {children(name)}
        </div>
      ))}
    </div>
  );
}
