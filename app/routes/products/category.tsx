import { data } from "react-router";
import { CtaBand, QuoteLink } from "~/components/sections/cta-band";
import { OptionCards, SpecificationList } from "~/components/sections/option-cards";
import { CategoryHeroImage, PageHero } from "~/components/sections/page-hero";
import { ProductList } from "~/components/sections/product-list";
import { Section, SectionHeading } from "~/components/sections/section";
import type { CategoryPageExtra } from "~/content/category-pages";
import { categoryPageEyebrow } from "~/content/product-pages";
import { categoryPageData } from "~/lib/product-page-data.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/category";

export function loader({ params }: Route.LoaderArgs) {
  const page = categoryPageData(params.category);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return [];
  const { title, description, keywords, path } = loaderData;
  return seo({
    title,
    description,
    keywords,
    path,
    breadcrumbs: [
      { name: categoryPageEyebrow, path: "/#products" },
      { name: title, path },
    ],
  });
};

/** A band after the page's list: cards on a muted ground first, then a specification table. */
function Extra({ extra, index }: { extra: CategoryPageExtra; index: number }) {
  const id = `extra-${index}-heading`;
  const specifications = extra.kind === "specifications";
  return (
    <Section tone={index === 0 ? "muted" : "default"} width={specifications ? "narrow" : "wide"} aria-labelledby={id}>
      <SectionHeading id={id} title={extra.title} eyebrow={extra.eyebrow} intro={extra.intro} />
      {specifications ? (
        <SpecificationList rows={extra.rows} className="mt-10" />
      ) : (
        <OptionCards cards={extra.cards} className="mt-12" />
      )}
    </Section>
  );
}

/**
 * Every category page: the hero with the category's picture, then either its catalogue items (pens,
 * chit pads, drinkware, office accessories) or an introduction and four option cards with 'Inquire Now'
 * (apparel, awards, clocks), the page's extra bands and a quote call.
 */
export default function CategoryPage({ loaderData: page }: Route.ComponentProps) {
  const { body } = page;
  return (
    <>
      <PageHero
        eyebrow={categoryPageEyebrow}
        title={page.title}
        lead={page.lead}
        media={<CategoryHeroImage category={page.category} />}
      >
        {body.kind === "catalogue" && body.countLabel && (
          <p className="flex items-baseline gap-2 rounded-lg bg-white/10 px-4 py-2">
            <span className="text-3xl font-extrabold text-accent">{page.products.length}+</span>
            <span className="font-medium">{body.countLabel}</span>
          </p>
        )}
        {(body.kind === "options" || body.countLabel) && <QuoteLink />}
      </PageHero>

      {body.kind === "catalogue" ? (
        <Section aria-labelledby="catalogue-heading">
          <SectionHeading id="catalogue-heading" {...body.heading} />
          <div className="mt-12">
            <ProductList products={page.products} />
          </div>
        </Section>
      ) : (
        <>
          <Section aria-labelledby="intro-heading">
            <SectionHeading id="intro-heading" title={body.introTitle} intro={body.intro} />
          </Section>
          <Section tone="muted" aria-labelledby="options-heading">
            <SectionHeading id="options-heading" title={body.optionsTitle} />
            <OptionCards cards={body.options} inquire className="mt-12" />
          </Section>
        </>
      )}

      {page.extras.map((extra, index) => (
        <Extra key={extra.title} extra={extra} index={index} />
      ))}

      <CtaBand title={page.ctaTitle} />
    </>
  );
}
