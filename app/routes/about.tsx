import { Award, Briefcase, Check, Clock, Handshake, Pill, Scale } from "lucide-react";
import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { Section, SectionHeading } from "~/components/sections/section";
import { StatsBand } from "~/components/sections/stats-band";
import {
  aboutCta,
  aboutHero,
  aboutStats,
  aboutStatsTitle,
  coreValues,
  coreValuesIntro,
  experience,
  mission,
} from "~/content/about";
import { seo } from "~/lib/seo";
import { IconBadge } from "~/components/sections/icon-badge";

export const meta = () =>
  seo({
    title: "About Us",
    description:
      "About our Lahore promotional products company: our mission, our pharmaceutical and corporate experience, and the values behind every order.",
    keywords: ["about promotional products company", "Lahore corporate gifts supplier"],
    path: "/about",
    breadcrumbs: [{ name: "About Us", path: "/about" }],
  });

const valueIcons = { award: Award, scale: Scale, clock: Clock, handshake: Handshake };
const areaIcons = [Pill, Briefcase];

export default function About() {
  return (
    <>
      <PageHero eyebrow={aboutHero.eyebrow} title={aboutHero.title} lead={aboutHero.lead} />

      <Section aria-labelledby="mission-heading">
        <div className="mx-auto max-w-3xl">
          <SectionHeading id="mission-heading" align="left" eyebrow="Why we exist" title={mission.title} />
          {mission.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-5 text-lg text-muted-foreground text-pretty">
              {paragraph}
            </p>
          ))}
        </div>
      </Section>

      <section aria-label={aboutStatsTitle} className="border-y border-border bg-white py-12">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <StatsBand stats={aboutStats} columns={3} />
        </div>
      </section>

      <Section tone="muted" aria-labelledby="experience-heading">
        <SectionHeading
          id="experience-heading"
          eyebrow="What we do"
          title={experience.title}
          intro={experience.intro}
        />
        <div className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-2">
          {experience.areas.map((area, index) => {
            const Icon = areaIcons[index] ?? Briefcase;
            return (
              <div key={area.title} className="rounded-xl bg-white p-6 shadow-sm sm:p-8">
                <IconBadge icon={Icon} />
                <h3 className="mt-4 text-xl font-bold">{area.title}</h3>
                <p className="mt-3 text-muted-foreground">{area.text}</p>
                <ul className="mt-5 space-y-2 text-sm">
                  {area.points.map((point) => (
                    <li key={point} className="flex gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      </Section>

      <Section aria-labelledby="values-heading">
        <SectionHeading
          id="values-heading"
          eyebrow="What we stand for"
          title={coreValuesIntro.title}
          intro={coreValuesIntro.intro}
        />
        <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {coreValues.map((value) => {
            const Icon = valueIcons[value.icon];
            return (
              <li key={value.title}>
                <IconBadge icon={Icon} tone="primary" />
                <h3 className="mt-4 text-lg font-semibold">{value.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{value.text}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <CtaBand {...aboutCta} />
    </>
  );
}
