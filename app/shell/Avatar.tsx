import { useState } from "react";

type AvatarUser = {
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
  email?: string | null;
  avatar?: string | null;
  avatar_url?: string | null;
};

const SIZES = {
  sm: "h-8 w-8 text-xs",
  md: "h-10 w-10 text-sm",
  lg: "h-16 w-16 text-xl",
  xl: "h-24 w-24 text-3xl",
} as const;

function initialOf(value: string | null | undefined): string {
  return Array.from(value?.trim() ?? "")[0]?.toUpperCase() ?? "";
}

/** docs/product.md §2: first and last name initials, else first name, username, e-mail, else "U". */
export function avatarInitials(user: AvatarUser): string {
  const first = initialOf(user.first_name);
  const last = initialOf(user.last_name);
  if (first && last) return first + last;
  return first || initialOf(user.username) || initialOf(user.email) || "U";
}

/** The user's picture; no picture, or one that fails to load, gives the initials. */
export function Avatar({ user, size = "md", className = "" }: { user: AvatarUser; size?: keyof typeof SIZES; className?: string }) {
  const src = user.avatar_url || user.avatar || "";
  // The picture that failed to load: a new picture gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  const box = `${SIZES[size]} shrink-0 rounded-full ring-1 ring-white/10 ${className}`;
  if (src && !failed) {
    return <img src={src} alt="" className={`${box} bg-zinc-800 object-cover`} referrerPolicy="no-referrer" onError={() => setFailedSrc(src)} />;
  }
  return (
    <span className={`${box} flex items-center justify-center bg-gradient-to-br from-indigo-500 to-fuchsia-600 font-bold text-white`} aria-hidden="true">
      {avatarInitials(user)}
    </span>
  );
}
