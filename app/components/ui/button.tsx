import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap pointer-coarse:min-w-11 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary-hover",
        accent: "bg-accent text-accent-foreground hover:bg-amber-400",
        outline: "border border-border bg-background text-foreground hover:bg-muted",
        outlineLight: "border border-white/60 text-white hover:bg-white/10",
        secondary: "bg-secondary text-secondary-foreground hover:bg-teal-100",
        ghost: "hover:bg-muted",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2 pointer-coarse:h-11",
        sm: "h-9 px-3 pointer-coarse:h-11",
        lg: "h-12 px-6 text-base",
        icon: "size-10 pointer-coarse:size-11",
      },
      shape: {
        default: "rounded-md",
        pill: "rounded-full",
      },
    },
    defaultVariants: { variant: "default", size: "default", shape: "default" },
  },
);

// On touch screens (a coarse pointer) every size is at least 44 x 44 px, a finger's width; a mouse keeps
// the denser sizes.

/** A button; a link that looks like one takes `buttonVariants` (every page link is a plain <a>). */
export function Button({
  className,
  variant,
  size,
  shape,
  ...props
}: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants>) {
  return <button data-slot="button" className={cn(buttonVariants({ variant, size, shape, className }))} {...props} />;
}
