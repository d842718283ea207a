/** Placeholder boxes until the business has permission to show its clients' logos. */
export function TrustStrip() {
  return (
    <section aria-labelledby="trust-heading" className="border-y border-border bg-white py-10">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2
          id="trust-heading"
          className="text-center text-sm font-semibold uppercase tracking-wider text-muted-foreground"
        >
          Trusted by leading healthcare and corporate brands
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {[1, 2, 3, 4].map((n) => (
            <li
              key={n}
              className="flex h-16 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-muted text-sm font-medium text-muted-foreground"
            >
              Client Logo
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
