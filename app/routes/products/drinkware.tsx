import { CtaBand } from "~/components/sections/cta-band";
import { SpecificationList } from "~/components/sections/option-cards";
import { CategoryHeroImage, PageHero } from "~/components/sections/page-hero";
import { ProductList } from "~/components/sections/product-list";
import { Section, SectionHeading } from "~/components/sections/section";
import { categoryPageEyebrow } from "~/content/product-pages";
import { productPageData } from "~/lib/product-page-data.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/drinkware";

export const loader = productPageData.drinkware;

export const meta = () =>
  seo({
    title: "Drinkware & Mugs",
    description:
      "Branded mugs, cups and tumblers for pharmaceutical and corporate giveaways, printed in your brand colours.",
    keywords: ["custom mugs", "branded drinkware Pakistan", "printed ceramic mugs", "travel mugs with logo"],
    path: "/products/drinkware",
    breadcrumbs: [
      { name: "Products", path: "/#products" },
      { name: "Drinkware & Mugs", path: "/products/drinkware" },
    ],
  });

export default function Page({ loaderData: { category, products, specifications } }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow={categoryPageEyebrow}
        title="Drinkware & Mugs"
        lead="A mug is used every morning, in the clinic and at home. Ceramic mugs, cups and steel travel mugs printed or engraved in your brand colours."
        media={<CategoryHeroImage category={category} />}
      />

      <Section aria-labelledby="drinkware-heading">
        <SectionHeading id="drinkware-heading" eyebrow="From our catalogue" title="Drinkware we've produced" />
        <div className="mt-12">
          <ProductList products={products} page="drinkware" />
        </div>
      </Section>

      <Section tone="muted" aria-labelledby="specifications-heading" width="narrow">
        <SectionHeading id="specifications-heading" title="Specifications" />
        <SpecificationList rows={specifications} className="mt-10" />
      </Section>

      <CtaBand title="Start your branded drinkware order" />
    </>
  );
}
