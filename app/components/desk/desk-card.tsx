import type * as React from "react";

/** The narrow card of the sign-in and set-up pages. */
export function DeskCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-border bg-background p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** A notice under a form: an error (role alert) or a confirmation (role status). */
export function DeskNotice({ tone, children }: { tone: "error" | "ok"; children: React.ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
          : "rounded-md border border-teal-300 bg-teal-50 px-3 py-2 text-sm text-teal-900"
      }
    >
      {children}
    </p>
  );
}
