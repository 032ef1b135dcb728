import { useSite } from "~/root";

const TELEGRAM_ICON =
  "M21.5 3.5 2.9 10.7c-1.3.5-1.3 1.2-.2 1.5l4.8 1.5 1.8 5.6c.2.6.4.8.8.8s.6-.2.9-.5l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.8c.3-1.3-.5-1.9-1.3-1.5ZM8.6 13.3l9.6-6.1c.4-.3.8-.1.5.2l-8 7.3-.3 3.4-1.8-4.8Z";
const ZALO_ICON =
  "M12 3C6.5 3 2 6.8 2 11.5c0 2.6 1.4 4.9 3.6 6.5L5 21l3.4-1.8c1.1.3 2.3.5 3.6.5 5.5 0 10-3.8 10-8.5S17.5 3 12 3Zm-4 11H6.5l2-3H6.6v-1H10l-2 3h2v1Zm3 0h-1v-4h1v4Zm4 0h-2.5v-4h1v3H15v1Zm2.5 0a2 2 0 1 1 0-4 2 2 0 0 1 0 4Zm0-1a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z";

/**
 * The Telegram and Zalo support contacts (docs/product.md §1), shown on the home footer and app pages
 * (classes in app/tailwind.css). Here rather than in app/catalogue, whose shared modules are one file
 * (scripts/chunks.mjs) that the admin's key pages load too, and they show no contacts.
 */
export function SupportLinks({ className = "" }: { className?: string }) {
  const site = useSite();
  const links = [
    { href: site.telegramUrl, label: "Telegram", icon: TELEGRAM_ICON, tone: "support-link-telegram" },
    { href: site.zaloUrl, label: "Zalo", icon: ZALO_ICON, tone: "support-link-zalo" },
  ];
  return (
    <div className={`support-links ${className}`}>
      {links.map((link) => (
        <a key={link.label} href={link.href} target="_blank" rel="noopener noreferrer" className={`support-link ${link.tone}`}>
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden="true">
            <path d={link.icon} />
          </svg>
          {link.label}
        </a>
      ))}
    </div>
  );
}
