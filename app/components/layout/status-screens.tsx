import type * as React from "react";
import { Home } from "lucide-react";
import { isRouteErrorResponse } from "react-router";
import { buttonVariants } from "~/components/ui/button";

function StatusScreen({ code, title, children }: { code: string; title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="text-6xl font-extrabold tracking-tight text-primary">{code}</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {children}
    </section>
  );
}

export function NotFoundScreen() {
  return (
    <StatusScreen code="404" title="Oops! Page not found">
      <p className="mt-4 text-lg text-muted-foreground">The page you're looking for doesn't exist or has been moved.</p>
      <a href="/" className={buttonVariants({ size: "lg", className: "mt-8" })}>
        <Home aria-hidden="true" />
        Return to Home
      </a>
    </StatusScreen>
  );
}

export function UnexpectedErrorScreen({ detail }: { detail: string }) {
  return (
    <StatusScreen code="Error" title="Unexpected Application Error!">
      <p className="mt-4 text-lg text-muted-foreground">{detail}</p>
      <a href="/" className={buttonVariants({ size: "lg", className: "mt-8" })}>
        <Home aria-hidden="true" />
        Return to Home
      </a>
    </StatusScreen>
  );
}

/** What an error screen says went wrong: the answer's status and text, or the error's message. */
export function errorDetail(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return `${error.status} ${error.statusText || (typeof error.data === "string" ? error.data : "")}`.trim();
  }
  return error instanceof Error ? error.message : "Something went wrong.";
}
