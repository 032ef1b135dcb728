// The browser session of spec §3: three localStorage keys. One token name, access_token.
export const STORAGE_KEYS = { access: "access_token", refresh: "refresh_token", user: "user" } as const;

export type StoredUser = {
  id: number;
  username: string;
  email: string;
  full_name?: string;
  first_name?: string;
  last_name?: string;
  avatar?: string | null;
  avatar_url?: string | null;
  formatted_balance?: string;
  balance?: number;
  is_superuser?: boolean;
  is_staff?: boolean;
};

export function readStoredUser(): StoredUser | null {
  if (typeof localStorage === "undefined" || !localStorage.getItem(STORAGE_KEYS.access)) return null;
  try {
    const user = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? "null");
    return user && typeof user === "object" && typeof user.username === "string" ? user : null;
  } catch {
    return null;
  }
}

export function clearSession() {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}
