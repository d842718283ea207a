import { ArrowRight, Handshake, PenTool, ShieldCheck, Truck } from "lucide-react";
import { CategoryCard, CategoryLink } from "~/components/sections/category-card";
import { HeroPictures } from "~/components/sections/hero-pictures";
import { ProductLinkCard } from "~/components/sections/product-link-card";
import { CtaBand, QuoteLink } from "~/components/sections/cta-band";
import { Section, SectionHeading } from "~/components/sections/section";
import { StatsBand } from "~/components/sections/stats-band";
import { TrustStrip } from "~/components/sections/trust-strip";
import { buttonVariants } from "~/components/ui/button";
import { categories, featuredCategories, moreCategories } from "~/content/categories";
import { heroPictures, homeHero, homeStats, moreProductLines, portfolioTeaser, whyUs } from "~/content/home";
import { cardsOf, countByCategory } from "~/lib/portfolio-catalogue.server";
import { products } from "~/content/catalogue";
import { seo } from "~/lib/seo";
import { IconBadge } from "~/components/sections/icon-badge";
import type { Route } from "./+types/home";

// The pictures and the teaser's items, as loader data prerendered into the page: the catalogue stays out
// of its JavaScript.
export const loader = () => {
  const heroItems = cardsOf(heroPictures.map((picture) => picture.product));
  return {
    hero: heroPictures.map(({ category }, index) => ({
      href: categories[category].path ?? "/#products",
      label: categories[category].label,
      image: heroItems[index]!.image,
    })),
    featured: cardsOf(portfolioTeaser.featured),
    counts: countByCategory(products),
  };
};

export const meta = () =>
  seo({
    title: "Branded Promotional Products for Pharma & Corporate",
    description:
      "Custom printed pens, chit pad boxes, mugs, office accessories, apparel, acrylic awards and wall clocks for pharmaceutical and corporate brands in Pakistan. Free mockups, on-time delivery.",
    keywords: [
      "promotional products Pakistan",
      "pharmaceutical giveaways",
      "custom pens Lahore",
      "corporate gifts",
      "branded merchandise",
    ],
    path: "/",
  });

/** Both hero buttons on one line at 360 px, still a full touch target. */
const compactOnPhones = "max-sm:h-11 max-sm:px-4 max-sm:text-sm";

const whyUsIcons = { "shield-check": ShieldCheck, "pen-tool": PenTool, truck: Truck, handshake: Handshake };

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative overflow-hidden bg-navy text-navy-foreground">
        <div
          aria-hidden="true"
          className="absolute -right-32 -top-32 size-[28rem] rounded-full bg-primary/40 blur-3xl"
        />
        <div aria-hidden="true" className="absolute -bottom-40 -left-20 size-80 rounded-full bg-accent/10 blur-3xl" />
        {/* On a phone the words are set tighter than on inner pages, so that the pictures share the first screen. */}
        <div className="relative mx-auto grid max-w-7xl items-center gap-8 px-4 pt-8 pb-10 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:gap-14 lg:px-8 lg:py-24">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wider text-teal-300 sm:text-sm">
              {homeHero.eyebrow}
            </p>
            <h1 className="mt-3 text-[1.75rem] leading-tight font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {homeHero.title}
            </h1>
            <p className="mt-4 max-w-2xl text-base text-slate-300 text-pretty sm:mt-6 sm:text-lg">{homeHero.lead}</p>
            <div className="mt-6 flex flex-wrap gap-3 sm:mt-10 sm:gap-4">
              <QuoteLink className={compactOnPhones} />
              <a
                href="/products/pens"
                className={buttonVariants({ variant: "outlineLight", size: "lg", className: compactOnPhones })}
              >
                View Products
              </a>
            </div>
          </div>
          <HeroPictures pictures={loaderData.hero} />
        </div>
      </section>

      <section aria-label="Our numbers" className="border-b border-border bg-white py-12">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <StatsBand stats={homeStats} />
        </div>
      </section>

      <Section tone="muted" aria-labelledby="portfolio-teaser-heading">
        <div className="flex flex-col items-start justify-between gap-6 lg:flex-row lg:items-center">
          <SectionHeading
            id="portfolio-teaser-heading"
            align="left"
            eyebrow="Portfolio"
            title={portfolioTeaser.title}
            intro={portfolioTeaser.text}
          />
          <a href="/portfolio" className={buttonVariants({ size: "lg" })}>
            View Our Portfolio
            <ArrowRight aria-hidden="true" />
          </a>
        </div>
        {/* Below the fold: their pictures load lazily and are drawn only as they come near. */}
        <ul aria-label="From our portfolio" className="mt-10 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
          {loaderData.featured.map((product) => (
            <li key={product.id} className="render-when-near">
              <ProductLinkCard product={product} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="products" aria-labelledby="products-heading">
        <SectionHeading
          id="products-heading"
          eyebrow="Products"
          title="Promotional products for every campaign"
          intro="From the pen on a prescriber's desk to the clock on a pharmacy wall: pick a category to see what we make."
        />
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {featuredCategories.map((category) => (
            <CategoryCard key={category.slug} category={category} />
          ))}
        </div>
        <h3
          id="more-products-heading"
          className="mt-12 text-center text-sm font-semibold uppercase tracking-wider text-muted-foreground"
        >
          {moreProductLines.title}
        </h3>
        <ul aria-labelledby="more-products-heading" className="mt-4 grid gap-4 sm:grid-cols-3">
          {moreCategories.map((category) => (
            <li key={category.slug}>
              <CategoryLink category={category} note={moreProductLines.made(loaderData.counts[category.slug])} />
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="navy" aria-labelledby="why-us-heading">
        <SectionHeading id="why-us-heading" eyebrow="Why us" title="Why brands choose us" light />
        <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {whyUs.map((point) => {
            const Icon = whyUsIcons[point.icon];
            return (
              <li key={point.title}>
                <IconBadge icon={Icon} tone="primary" />
                <h3 className="mt-4 text-lg font-semibold text-white">{point.title}</h3>
                <p className="mt-2 text-sm text-slate-300">{point.text}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <TrustStrip />

      <CtaBand />
    </>
  );
}
