import type * as React from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { SkipLink } from "./skip-link";

/** Header, main content and footer: the frame of every page, error pages included. Printed, the content alone. */
export function SiteFrame({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SkipLink />
      <div className="flex min-h-dvh flex-col print:min-h-0">
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
      </div>
    </>
  );
}
