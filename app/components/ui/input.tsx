import type * as React from "react";
import { cn } from "~/lib/utils";

export const fieldClasses =
  "w-full rounded-md border border-border bg-background px-3 py-2 text-base text-foreground shadow-xs transition-colors placeholder:text-slate-400 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:outline-destructive/40 sm:text-sm";

// Typed text takes the direction of its first strong letter (dir="auto"): Urdu typed runs right to left
// as it is written, English left to right, in every field of the site and the desk.
export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      type={type}
      dir="auto"
      className={cn(fieldClasses, "h-10 pointer-coarse:h-11", className)}
      {...props}
    />
  );
}
