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
      {...props}
    />
  );
}
