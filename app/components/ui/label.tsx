import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A native <label>, styled as shadcn/ui's. Radix's Label adds only a mousedown handler that keeps a
 * double click from selecting the label's text, which `select-none` does here without JavaScript; the
 * contact page's first view is ~0.4 KB lighter without it and the Radix primitive under it.
 */
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    // The caller associates it with a control (htmlFor or a nested input).
    // eslint-disable-next-line jsx-a11y/label-has-associated-control
    <label
      data-slot="label"
      className={cn("text-sm font-medium leading-none text-foreground select-none", className)}
      {...props}
    />
  );
}
