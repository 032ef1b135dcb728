/** A small turning circle; decorative, so pair it with text. */
export function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`animate-spin ${className}`} fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A page-sized wait with a line saying what is happening. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-4 py-24 text-zinc-300" role="status">
      <Spinner className="h-8 w-8 text-indigo-400" />
      <p>{label}</p>
    </div>
  );
}
