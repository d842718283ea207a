import { CalendarClock, Check, Headset, MessageSquare, ShieldCheck } from "lucide-react";
import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { Section, SectionHeading } from "~/components/sections/section";
import {
  differentiators,
  differentiatorsIntro,
  processCta,
  processHero,
  processSteps,
  processStepsIntro,
} from "~/content/process";
import { seo } from "~/lib/seo";
import { IconBadge } from "~/components/sections/icon-badge";

export const meta = () =>
  seo({
    title: "Our Process",
    description:
      "How we work: consultation, design and digital mockup, production and quality check, and on-time delivery of your promotional products.",
    keywords: ["promotional products process", "custom printing steps"],
    path: "/process",
    breadcrumbs: [{ name: "Our Process", path: "/process" }],
  });

const icons = {
  "shield-check": ShieldCheck,
  "message-square": MessageSquare,
  "calendar-clock": CalendarClock,
  headset: Headset,
};

export default function Process() {
  return (
    <>
      <PageHero eyebrow={processHero.eyebrow} title={processHero.title} lead={processHero.lead} />

      <Section aria-labelledby="steps-heading">
        <SectionHeading
          id="steps-heading"
          eyebrow="Step by step"
          title={processStepsIntro.title}
          intro={processStepsIntro.intro}
        />
        <ol className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-2">
          {processSteps.map((step, index) => (
            <li key={step.title} className="relative rounded-xl border border-border bg-white p-6 shadow-sm sm:p-8">
              <div className="flex items-center gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-extrabold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <h3 className="text-xl font-bold tracking-tight">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
              </div>
              <p className="mt-4 text-muted-foreground text-pretty">{step.text}</p>
              <ul className="mt-5 space-y-2 text-sm">
                {step.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </Section>

      <Section tone="muted" aria-labelledby="differentiators-heading">
        <SectionHeading
          id="differentiators-heading"
          eyebrow="Why work with us"
          title={differentiatorsIntro.title}
          intro={differentiatorsIntro.intro}
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {differentiators.map((item) => {
            const Icon = icons[item.icon];
            return (
              <li key={item.title} className="rounded-xl bg-white p-6 shadow-sm">
                <IconBadge icon={Icon} />
                <h3 className="mt-4 text-lg font-semibold">{item.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{item.text}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <CtaBand {...processCta} />
    </>
  );
}
