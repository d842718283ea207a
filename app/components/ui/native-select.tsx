import type * as React from "react";
import { cn } from "~/lib/utils";
import { fieldClasses } from "./input";

/** The browser's own select, dressed and sized like the text fields beside it (44 px on touch). */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select data-slot="native-select" className={cn(fieldClasses, "h-10 pointer-coarse:h-11", className)} {...props} />
  );
}
