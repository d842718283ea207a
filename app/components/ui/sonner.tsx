import type * as React from "react";
import { Toaster as Sonner } from "sonner";

/**
 * Toast notices (sonner). Its list is a polite live region, so screen readers announce each notice.
 * `toast.error` is the destructive style.
 */
export function Toaster(props: React.ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      theme="light"
      position="top-center"
      richColors
      closeButton
      duration={6000}
      toastOptions={{ classNames: { title: "text-sm font-semibold", description: "text-sm" } }}
      // The theme's colours (app/app.css): sonner's own error red is too light to read on its pink.
      style={
        {
          "--error-bg": "#fef2f2",
          "--error-border": "#fecaca",
          "--error-text": "var(--color-destructive)",
          "--success-bg": "var(--color-secondary)",
          "--success-border": "#99f6e4",
          "--success-text": "var(--color-secondary-foreground)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
