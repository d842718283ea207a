import { CtaBand } from "~/components/sections/cta-band";
import { OptionCards } from "~/components/sections/option-cards";
import { CategoryHeroImage, PageHero } from "~/components/sections/page-hero";
import { ProductList } from "~/components/sections/product-list";
import { Section, SectionHeading } from "~/components/sections/section";
import { categoryPageEyebrow } from "~/content/product-pages";
import { productPageData } from "~/lib/product-page-data.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/office-accessories";

export const loader = productPageData["office-accessories"];

export const meta = () =>
  seo({
    title: "Office Accessories",
    description:
      "Branded desk accessories for clinics and offices: pen holders, organisers, mouse pads, calendars and paperweights.",
    keywords: [
      "office accessories branding",
      "desk promotional items",
      "branded pen holders",
      "custom mouse pads Pakistan",
    ],
    path: "/products/office-accessories",
    breadcrumbs: [
      { name: "Products", path: "/#products" },
      { name: "Office Accessories", path: "/products/office-accessories" },
    ],
  });

export default function Page({ loaderData: { category, products, useCases } }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow={categoryPageEyebrow}
        title="Office Accessories"
        lead="Desk items that stay in front of prescribers, pharmacists and buyers for months: pen holders, organisers, mouse pads, calendars and paperweights in your brand."
        media={<CategoryHeroImage category={category} />}
      />

      <Section aria-labelledby="office-heading">
        <SectionHeading id="office-heading" eyebrow="From our catalogue" title="Office accessories we've produced" />
        <div className="mt-12">
          <ProductList products={products} page="office-accessories" />
        </div>
      </Section>

      <Section tone="muted" aria-labelledby="use-cases-heading">
        <SectionHeading
          id="use-cases-heading"
          title="Use cases"
          intro="Where branded desk items work hardest for you."
        />
        <OptionCards cards={useCases} className="mt-12" />
      </Section>

      <CtaBand title="Put your brand on every desk" />
    </>
  );
}
