import { ArrowRight, Handshake, PenTool, ShieldCheck, Truck } from "lucide-react";
import { CategoryCard } from "~/components/sections/category-card";
import { CtaBand, QuoteLink } from "~/components/sections/cta-band";
import { Section, SectionHeading } from "~/components/sections/section";
import { StatsBand } from "~/components/sections/stats-band";
import { TrustStrip } from "~/components/sections/trust-strip";
import { buttonVariants } from "~/components/ui/button";
import { featuredCategories } from "~/content/categories";
import { homeHero, homeStats, portfolioTeaser, whyUs } from "~/content/home";
import { cardsOf } from "~/lib/portfolio-catalogue.server";
import { productPagePath } from "~/content/navigation";
import { seo } from "~/lib/seo";
import { IconBadge } from "~/components/sections/icon-badge";
import type { Route } from "./+types/home";

// The teaser's items, as loader data prerendered into the page: the catalogue stays out of its JavaScript.
export const loader = () => ({ featured: cardsOf(portfolioTeaser.featured) });

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
        <div className="relative mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-teal-300">{homeHero.eyebrow}</p>
          <h1 className="mt-3 max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {homeHero.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-300 text-pretty">{homeHero.lead}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <QuoteLink />
            <a href="/products/pens" className={buttonVariants({ variant: "outlineLight", size: "lg" })}>
              View Products
            </a>
          </div>
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
        {/* Links by name, not cards: the home page's first view stays light, and the item card stays with
            the item pages instead of joining the script that /portfolio and /contact load. */}
        <ul aria-label="From our portfolio" className="mt-8 flex flex-wrap gap-3">
          {loaderData.featured.map((product) => (
            <li key={product.id}>
              <a href={productPagePath(product.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
                {product.title}
              </a>
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
