const SIZES = { sm: "h-12 w-12 text-lg rounded-xl", md: "h-16 w-16 text-2xl rounded-2xl", lg: "h-24 w-24 text-4xl rounded-3xl" };

/** The app's icon, or the first letter of its name when it has none. */
export function AppIcon({ name, src, size = "md" }: { name: string; src: string | null; size?: keyof typeof SIZES }) {
  const box = `${SIZES[size]} shrink-0 overflow-hidden ring-1 ring-white/10`;
  if (src) return <img src={src} alt="" className={`${box} bg-zinc-800 object-cover`} width={96} height={96} loading="lazy" decoding="async" />;
  return (
    <div className={`${box} flex items-center justify-center bg-gradient-to-br from-indigo-500 to-fuchsia-600 font-bold text-white`} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || "?"}
    </div>
  );
}
