import type { Category } from "~/content/categories";
import { categoryPageEyebrow, type OptionCard } from "~/content/product-pages";
import { CtaBand, QuoteLink } from "./cta-band";
import { OptionCards } from "./option-cards";
import { CategoryHeroImage, PageHero } from "./page-hero";
import { Section, SectionHeading } from "./section";

/**
 * The body of a category page without catalogue items (apparel, awards, clocks): the category's
 * picture and introduction, four option cards with 'Inquire Now' and a quote call.
 */
export function OptionPage({
  title,
  category,
  lead,
  introTitle,
  intro,
  optionsTitle,
  options,
  ctaTitle,
}: {
  /** The page's h1. */
  title: string;
  category: Category;
  lead: string;
  introTitle: string;
  intro: string;
  optionsTitle: string;
  options: readonly OptionCard[];
  ctaTitle: string;
}) {
  return (
    <>
      <PageHero
        eyebrow={categoryPageEyebrow}
        title={title}
        lead={lead}
        media={<CategoryHeroImage category={category} />}
      >
        <QuoteLink />
      </PageHero>

      <Section aria-labelledby="intro-heading">
        <SectionHeading id="intro-heading" title={introTitle} intro={intro} />
      </Section>

      <Section tone="muted" aria-labelledby="options-heading">
        <SectionHeading id="options-heading" title={optionsTitle} />
        <OptionCards cards={options} inquire className="mt-12" />
      </Section>

      <CtaBand title={ctaTitle} />
    </>
  );
}
