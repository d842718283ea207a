/** The history a buyer's mail quoted under their words, folded away: the office rarely needs it. */
export function QuotedHistory({ label, text }: { label: string; text: string }) {
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-xs text-slate-700 pointer-coarse:min-h-11 pointer-coarse:py-3">
        {label}
      </summary>
      <p className="mt-1 whitespace-pre-wrap break-words text-xs text-slate-700" dir="auto">
        {text}
      </p>
    </details>
  );
}
