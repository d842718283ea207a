import type * as React from "react";
import { ArrowRight } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";

/** The amber call-to-action button: "Request a Quote" to /contact unless told otherwise. */
export function QuoteLink({
  to = "/contact",
  children = "Request a Quote",
  className,
}: {
  to?: string;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <a href={to} className={buttonVariants({ variant: "accent", size: "lg", className })}>
      {children}
      <ArrowRight aria-hidden="true" />
    </a>
  );
}

/** The closing call to action most pages end with. */
export function CtaBand({
  title = "Ready to put your brand in every hand?",
  text = `Tell us what you need and we'll get back to you within 24 hours with ideas, a mockup plan and a quotation.`,
  action = "Request a Quote",
  to = "/contact",
}: {
  title?: string;
  text?: string;
  action?: string;
  to?: string;
}) {
  return (
    <section className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <div className="max-w-2xl">
          <h2 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h2>
          <p className="mt-3 text-teal-50">{text}</p>
        </div>
        <QuoteLink to={to}>{action}</QuoteLink>
      </div>
    </section>
  );
}
