import { CaseStudyArticle, Testimonials } from "~/components/sections/case-study";
import { CtaBand } from "~/components/sections/cta-band";
import { PageHero } from "~/components/sections/page-hero";
import { Section, SectionHeading } from "~/components/sections/section";
import { caseStudies, caseStudiesHero, testimonials } from "~/content/case-studies";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/case-studies";

// Loader data is prerendered into the page: the studies (and the catalogue their product counts come from) stay out of its JavaScript.
export const loader = () => ({ caseStudies, testimonials });

export const meta = () =>
  seo({
    title: "Case Studies",
    description:
      "Case studies of promotional campaigns for pharmaceutical brands: the ONSET line, NAPROX pens, the Marena campaign and a chit pad collection for 7 brands.",
    keywords: [
      "pharma promotional case studies",
      "branded merchandise campaigns",
      "pharmaceutical giveaways Pakistan",
      "promotional products portfolio",
    ],
    path: "/case-studies",
    breadcrumbs: [{ name: "Our Work", path: "/case-studies" }],
  });

export default function Page({ loaderData: { caseStudies, testimonials } }: Route.ComponentProps) {
  return (
    <>
      <PageHero {...caseStudiesHero} />

      <Section aria-labelledby="studies-heading">
        <SectionHeading id="studies-heading" title="Selected campaigns" />
        <div className="mt-12 grid gap-10">
          {caseStudies.map((study, index) => (
            <CaseStudyArticle key={study.id} study={study} priority={index === 0} reverse={index % 2 === 1} />
          ))}
        </div>
      </Section>

      <Section tone="navy" aria-labelledby="testimonials-heading">
        <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What our clients say" light />
        <div className="mt-12">
          <Testimonials items={testimonials} />
        </div>
      </Section>

      <CtaBand
        title="Have a campaign in mind?"
        text="Tell us about your brand and your date. We'll reply within 24 hours with ideas and a quotation."
      />
    </>
  );
}
