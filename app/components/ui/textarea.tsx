import type * as React from "react";
import { cn } from "~/lib/utils";
import { fieldClasses } from "./input";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  // Urdu typed runs right to left, English left to right: each by its first strong letter.
  return (
    <textarea
      data-slot="textarea"
      dir="auto"
      className={cn(fieldClasses, "min-h-[120px] resize-y", className)}
      {...props}
    />
  );
}
