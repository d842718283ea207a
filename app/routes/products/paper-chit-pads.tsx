import { CtaBand } from "~/components/sections/cta-band";
import { OptionCards, SpecificationList } from "~/components/sections/option-cards";
import { CategoryHeroImage, PageHero } from "~/components/sections/page-hero";
import { ProductList } from "~/components/sections/product-list";
import { Section, SectionHeading } from "~/components/sections/section";
import { categoryPageEyebrow } from "~/content/product-pages";
import { productPageData } from "~/lib/product-page-data.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/paper-chit-pads";

export const loader = productPageData["paper-chit-pads"];

export const meta = () =>
  seo({
    title: "Paper Chit Pads",
    description:
      "Printed paper chit pad boxes for doctors' desks: full-colour branding, refillable boxes and a range of finishes.",
    keywords: ["paper chit pads", "chit pad box printing", "memo cube printing Lahore", "pharma desk notes"],
    path: "/products/paper-chit-pads",
    breadcrumbs: [
      { name: "Products", path: "/#products" },
      { name: "Paper Chit Pads", path: "/products/paper-chit-pads" },
    ],
  });

export default function Page({ loaderData: { category, products, finishes, specifications } }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow={categoryPageEyebrow}
        title="Paper Chit Pads"
        lead="Chit pad boxes sit beside the prescription pad all year. We print your brand on every side of the box and on every sheet, and supply refills when they run out."
        media={<CategoryHeroImage category={category} />}
      />

      <Section aria-labelledby="chit-pads-heading">
        <SectionHeading id="chit-pads-heading" eyebrow="From our catalogue" title="Chit pad boxes we've produced" />
        <div className="mt-12">
          <ProductList products={products} page="paper-chit-pads" />
        </div>
      </Section>

      <Section tone="muted" aria-labelledby="finishes-heading">
        <SectionHeading
          id="finishes-heading"
          title="Finishes"
          intro="Choose the finish that suits your brand and budget."
        />
        <OptionCards cards={finishes} className="mt-12" />
      </Section>

      <Section aria-labelledby="specifications-heading" width="narrow">
        <SectionHeading id="specifications-heading" title="Specifications" />
        <SpecificationList rows={specifications} className="mt-10" />
      </Section>

      <CtaBand title="Put your brand on every note a doctor writes" />
    </>
  );
}
