import { studioText as text } from "~/content/studio";

/** What the print checks say of the design, announced as it changes. */
export function PrintCheck({ warnings }: { warnings: string[] }) {
  return (
    <section aria-labelledby="studio-check-heading" className="rounded-lg border border-border bg-background p-4">
      <h2 id="studio-check-heading" className="text-sm font-semibold">
        {text.check}
      </h2>
      <div role="status" className="mt-2 text-sm">
        {warnings.length ? (
          <ul className="list-disc space-y-1 border-l-4 border-accent pl-8">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">{text.allClear}</p>
        )}
      </div>
    </section>
  );
}
