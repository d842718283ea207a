import { CtaBand, QuoteLink } from "~/components/sections/cta-band";
import { CategoryHeroImage, PageHero } from "~/components/sections/page-hero";
import { ProductList } from "~/components/sections/product-list";
import { Section, SectionHeading } from "~/components/sections/section";
import { categoryPageEyebrow } from "~/content/product-pages";
import { productPageData } from "~/lib/product-page-data.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/pens";

export const loader = productPageData.pens;

export const meta = () =>
  seo({
    title: "Custom Pens",
    description:
      "Custom branded pens for pharmaceutical and corporate promotion: ballpoint, gel and metal pens printed with your product name.",
    keywords: [
      "custom pens",
      "branded pens Pakistan",
      "pharma pens",
      "printed ballpoint pens",
      "promotional pens Lahore",
    ],
    path: "/products/pens",
    breadcrumbs: [
      { name: "Products", path: "/#products" },
      { name: "Custom Pens", path: "/products/pens" },
    ],
  });

export default function Page({ loaderData: { category, products } }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow={categoryPageEyebrow}
        title="Custom Pens"
        lead="The giveaway a doctor uses every day. Ballpoint, gel, twist and metal pens printed or engraved with your product's name and colours, with a digital mockup before production."
        media={<CategoryHeroImage category={category} />}
      >
        <p className="flex items-baseline gap-2 rounded-lg bg-white/10 px-4 py-2">
          <span className="text-3xl font-extrabold text-accent">{products.length}+</span>
          <span className="font-medium">custom pens</span>
        </p>
        <QuoteLink />
      </PageHero>

      <Section aria-labelledby="pens-heading">
        <SectionHeading
          id="pens-heading"
          eyebrow="From our catalogue"
          title="Pens we've made for pharma brands"
          intro="Each one was designed with the brand team and printed in its colours. Like one? Ask for a similar design for your product."
        />
        <div className="mt-12">
          <ProductList products={products} page="pens" />
        </div>
      </Section>

      <CtaBand title="Need pens for your next campaign?" />
    </>
  );
}
