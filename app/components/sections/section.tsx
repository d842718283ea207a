import type * as React from "react";
import { cn } from "~/lib/utils";

const tones = {
  default: "bg-background",
  muted: "bg-muted",
  navy: "bg-navy text-navy-foreground",
  primary: "bg-primary text-primary-foreground",
} as const;

/** Every page section sits in this wrapper: one width, one rhythm. */
export function Section({
  tone = "default",
  className,
  innerClassName,
  children,
  ...props
}: React.ComponentProps<"section"> & { tone?: keyof typeof tones; innerClassName?: string }) {
  return (
    <section className={cn(tones[tone], "py-16 sm:py-20", className)} {...props}>
      <div className={cn("mx-auto max-w-7xl px-4 sm:px-6 lg:px-8", innerClassName)}>{children}</div>
    </section>
  );
}

export function SectionHeading({
  eyebrow,
  title,
  intro,
  id,
  align = "center",
  level = 2,
  light = false,
}: {
  eyebrow?: string;
  title: string;
  intro?: React.ReactNode;
  id?: string;
  align?: "center" | "left";
  level?: 1 | 2;
  light?: boolean;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow && (
        <p className={cn("text-sm font-semibold uppercase tracking-wider", light ? "text-teal-300" : "text-primary")}>
          {eyebrow}
        </p>
      )}
      <Heading id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </Heading>
      {intro && (
        <p className={cn("mt-4 text-lg text-pretty", light ? "text-slate-300" : "text-muted-foreground")}>{intro}</p>
      )}
    </div>
  );
}
