import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { cn } from "~/lib/utils";

export function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

export function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

export function DialogPortal(props: React.ComponentProps<typeof DialogPrimitive.Portal>) {
  return <DialogPrimitive.Portal data-slot="dialog-portal" {...props} />;
}

export function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn("fixed inset-0 z-50 bg-navy/70 backdrop-blur-sm", className)}
      {...props}
    />
  );
}

/** The box's layout: a padded column, or a wide box whose content sets its own padding (an image beside text). */
const contentLayouts = {
  default: "max-w-lg gap-4 p-6",
  media: "max-w-4xl gap-0 p-0 md:grid-cols-2",
} as const;

/**
 * The dialog box, centred over a dimmed page. It traps focus, closes on Escape, on a click outside and
 * on its close button (icon-only: named `closeLabel`, with a tooltip), and hands focus back on close.
 */
export function DialogContent({
  className,
  children,
  showCloseButton = true,
  closeLabel = "Close",
  layout = "default",
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  showCloseButton?: boolean;
  closeLabel?: string;
  layout?: keyof typeof contentLayouts;
}) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-background shadow-2xl focus:outline-none",
          contentLayouts[layout],
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <Tooltip>
            <TooltipTrigger asChild>
              <DialogPrimitive.Close
                data-slot="dialog-close"
                aria-label={closeLabel}
                className="absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-foreground shadow-sm transition-colors hover:bg-muted [&_svg]:size-5"
              >
                <XIcon aria-hidden="true" />
              </DialogPrimitive.Close>
            </TooltipTrigger>
            <TooltipContent>{closeLabel}</TooltipContent>
          </Tooltip>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="dialog-header" className={cn("flex flex-col gap-2 text-left", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function DialogTitle({
  className,
  size = "default",
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Title> & { size?: "default" | "large" }) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn("font-bold leading-tight tracking-tight", size === "large" ? "text-2xl" : "text-xl", className)}
      {...props}
    />
  );
}

/** `prominent`: the dialog's main text (body size and colour) rather than a small muted note. */
export function DialogDescription({
  className,
  prominent = false,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description> & { prominent?: boolean }) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn(prominent ? "text-base text-foreground/80" : "text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
