// A text field's look, valid or not: Field.tsx draws its inputs with it, and the admin's filters and
// screens their own. A module of its own, so a screen that only styles an input (the admin's
// tables and filters) does not load Field's words and checks (scripts/chunks.mjs).
const INPUT_CLASS =
  "block w-full rounded-xl border bg-zinc-950/60 px-3.5 py-2.5 text-base text-white placeholder:text-zinc-500 transition focus-visible:border-indigo-400 disabled:opacity-60";

export function inputClass(invalid: boolean): string {
  return `${INPUT_CLASS} ${invalid ? "border-red-500/70" : "border-white/10 hover:border-white/20"}`;
}
