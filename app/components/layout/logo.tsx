import { business } from "~/content/business";
import { cn } from "~/lib/utils";

/** The brand mark: a pen nib on a teal tile with an amber print swoosh. Same drawing as public/logo.svg. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className={cn("size-9 shrink-0", className)}>
      <rect width="48" height="48" rx="11" fill="#0f766e" />
      <path d="M9 36c8-2 18-2 30 0" stroke="#f59e0b" strokeWidth="3.5" strokeLinecap="round" fill="none" />
      <path d="M24 8l7 11-7 13-7-13z" fill="#fff" />
      <circle cx="24" cy="19.5" r="2.6" fill="#0f766e" />
      <path d="M24 22v9" stroke="#0f766e" strokeWidth="1.6" />
    </svg>
  );
}

export function Logo({ className, tone = "dark" }: { className?: string; tone?: "dark" | "light" }) {
  return (
    <span className={cn("flex items-center gap-2.5", className)}>
      <LogoMark />
      <span className="flex flex-col leading-none">
        <span className={cn("text-lg font-extrabold tracking-tight", tone === "light" ? "text-white" : "text-navy")}>
          {business.shortName}
        </span>{" "}
        <span
          className={cn(
            "text-[0.65rem] font-semibold uppercase tracking-[0.2em]",
            tone === "light" ? "text-teal-200" : "text-primary",
          )}
        >
          Lahore
        </span>
      </span>
    </span>
  );
}
