import type * as React from "react";
import { cn } from "~/lib/utils";

const tones = {
  default: "bg-background",
  muted: "bg-muted",
  navy: "bg-navy text-navy-foreground",
  primary: "bg-primary text-primary-foreground",
} as const;

/** Every page section sits in this wrapper: one width, one rhythm. */
const widths = { wide: "max-w-7xl", narrow: "max-w-4xl" } as const;
const spacings = { default: "py-16 sm:py-20", compact: "py-12 sm:py-14" } as const;

export function Section({
  tone = "default",
  width = "wide",
  spacing = "default",
  className,
  children,
  ...props
}: React.ComponentProps<"section"> & {
  tone?: keyof typeof tones;
  width?: keyof typeof widths;
  spacing?: keyof typeof spacings;
}) {
  return (
    <section className={cn(tones[tone], spacings[spacing], className)} {...props}>
      <div className={cn("mx-auto px-4 sm:px-6 lg:px-8", widths[width])}>{children}</div>
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
