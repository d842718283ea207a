import { CtaBand, QuoteLink } from "~/components/sections/cta-band";
import { HeroImage, PageHero } from "~/components/sections/page-hero";
import { PortfolioGrid } from "~/components/sections/portfolio-grid";
import { Section, SectionHeading } from "~/components/sections/section";
import { StatsBand } from "~/components/sections/stats-band";
import { buttonVariants } from "~/components/ui/button";
import { products } from "~/content/catalogue";
import { exampleBrands, portfolioCta, portfolioGridHeading, portfolioHero, portfolioStats } from "~/content/portfolio";
import { filterOptions } from "~/lib/portfolio-catalogue.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/portfolio";

/**
 * The page runs no framework script: the filters and the product dialogs are HTML and CSS the browser
 * drives (app/components/sections/portfolio-grid.tsx), so the route has no `handle` asking to hydrate.
 */
export function loader() {
  return {
    products,
    filters: filterOptions(products),
    meta: seo({
      title: "Our Portfolio",
      description:
        "Browse 27+ promotional products we have made for pharmaceutical brands: pens, chit pad boxes, drinkware, office accessories and games.",
      keywords: ["promotional products portfolio", "pharma giveaways examples"],
      path: "/portfolio",
      breadcrumbs: [{ name: "Portfolio", path: "/portfolio" }],
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow={portfolioHero.eyebrow}
        title={portfolioHero.title}
        lead={portfolioHero.lead}
        media={<HeroImage {...portfolioHero.image} />}
      >
        <QuoteLink to={portfolioCta.quote.to}>{portfolioCta.quote.label}</QuoteLink>
        <a href={portfolioCta.process.to} className={buttonVariants({ variant: "outlineLight", size: "lg" })}>
          {portfolioCta.process.label}
        </a>
      </PageHero>

      <section aria-label="Our portfolio in numbers" className="border-b border-border bg-white py-12">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <StatsBand stats={portfolioStats} />
        </div>
      </section>

      <Section id="catalogue" aria-labelledby="catalogue-heading">
        <SectionHeading id="catalogue-heading" {...portfolioGridHeading} />
        <div className="mt-10">
          <PortfolioGrid products={loaderData.products} options={loaderData.filters} />
        </div>
      </Section>

      <Section tone="muted" spacing="compact" aria-labelledby="brands-heading">
        <h2 id="brands-heading" className="text-center text-xl font-bold tracking-tight">
          {exampleBrands.title}
        </h2>
        <ul className="mx-auto mt-6 flex max-w-4xl flex-wrap justify-center gap-2">
          {exampleBrands.names.map((name) => (
            <li
              key={name}
              className="rounded-full border border-border bg-white px-4 py-1.5 text-sm font-semibold tracking-wide text-navy"
            >
              {name}
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-5 max-w-2xl text-center text-sm text-muted-foreground">{exampleBrands.note}</p>
      </Section>

      <CtaBand
        title={portfolioCta.title}
        text={portfolioCta.text}
        action={portfolioCta.quote.label}
        to={portfolioCta.quote.to}
      />
    </>
  );
}
