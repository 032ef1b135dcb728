import { useSite } from "~/root";

/**
 * The Telegram and Zalo support contacts (docs/product.md §1), shown on the home footer and app pages.
 * Their icons are drawn by the stylesheet (app/tailwind.css, .support-link-*): two SVG paths are
 * 280 B of a page's JavaScript that no script needs. Here rather than in app/catalogue, whose shared
 * modules are one file (scripts/chunks.mjs) that the admin's key pages load too, and they show no contacts.
 */
export function SupportLinks({ className = "" }: { className?: string }) {
  const site = useSite();
  return (
    <div className={`support-links ${className}`}>
      <a href={site.telegramUrl} target="_blank" rel="noopener noreferrer" className="support-link support-link-telegram">
        Telegram
      </a>
      <a href={site.zaloUrl} target="_blank" rel="noopener noreferrer" className="support-link support-link-zalo">
        Zalo
      </a>
    </div>
  );
}
