import { ArrowRight, CheckCircle2 } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import type { OptionCard, Specification } from "~/content/product-pages";
import { cn } from "~/lib/utils";
import { quoteHref } from "~/lib/quote-path";
import { IconBadge } from "./icon-badge";

/**
 * Cards with a name and a description: the options of the apparel, awards and clocks pages
 * (with an 'Inquire Now' link to the quote form), chit pad finishes, office use cases.
 */
export function OptionCards({
  cards,
  inquire = false,
  className,
}: {
  cards: readonly OptionCard[];
  /** Adds an 'Inquire Now' link to the quote form, naming the option. */
  inquire?: boolean;
  className?: string;
}) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2 lg:grid-cols-4", className)}>
      {cards.map((card) => (
        <li key={card.name} className="flex flex-col rounded-xl border border-border bg-white p-6 shadow-sm">
          <IconBadge icon={CheckCircle2} size="sm" />
          <h3 className="mt-4 text-lg font-semibold">{card.name}</h3>
          <p className="mt-2 flex-1 text-sm text-muted-foreground">{card.description}</p>
          {inquire && (
            <a
              href={quoteHref(card.name)}
              aria-label={`Inquire Now: ${card.name}`}
              className={buttonVariants({ variant: "default", className: "mt-6 self-start" })}
            >
              Inquire Now
              <ArrowRight aria-hidden="true" />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A specification table: label and value rows. */
export function SpecificationList({ rows, className }: { rows: readonly Specification[]; className?: string }) {
  return (
    <dl className={cn("divide-y divide-border overflow-hidden rounded-xl border border-border bg-white", className)}>
      {rows.map((row) => (
        <div key={row.label} className="grid gap-1 px-6 py-4 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-semibold">{row.label}</dt>
          <dd className="text-sm text-muted-foreground sm:col-span-2">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
