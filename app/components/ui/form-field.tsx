import type * as React from "react";
import { cn } from "~/lib/utils";
import { Label } from "./label";

/** A form control with its label above it, and an optional hint in the label ("(optional)"). */
export function FormField({
  id,
  label,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {hint && <span className="font-normal text-muted-foreground"> {hint}</span>}
      </Label>
      {children}
    </div>
  );
}

/** The options of a select from a map of values to labels, in the map's order. */
export function OptionsOf({ labels }: { labels: Record<string, string> }) {
  return Object.entries(labels).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}
