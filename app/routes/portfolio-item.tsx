import { data } from "react-router";
import { Breadcrumbs } from "~/components/sections/breadcrumbs";
import { QuoteLink } from "~/components/sections/cta-band";
import { quoteHref } from "~/lib/quote-path";
import { FeatureList } from "~/components/sections/feature-list";
import { HeroImage, PageHero } from "~/components/sections/page-hero";
import { ProductLinkCard } from "~/components/sections/product-link-card";
import { productImageAlt } from "~/components/sections/product-list";
import { Section, SectionHeading } from "~/components/sections/section";
import { buttonVariants } from "~/components/ui/button";
import { splitBrand } from "~/content/catalogue";
import { itemPageText as text } from "~/content/portfolio-item";
import { describeMethods, printRuleOf } from "~/content/print-rules";
import { portfolioItemPage } from "~/lib/portfolio-catalogue.server";
import { productPagePath, studioPagePath } from "~/lib/product-path";
import { seo, shareImage } from "~/lib/seo";
import { imageUrl } from "~/lib/image-url";
import { madeForClient } from "~/lib/structured-data";
import type { Route } from "./+types/portfolio-item";

export function loader({ params }: Route.LoaderArgs) {
  const page = portfolioItemPage(params.id);
  if (!page) throw data(null, { status: 404 });
  const path = productPagePath(page.product.id);
  return {
    ...page,
    path,
    studio: studioPagePath(page.product.id),
    // How the item is printed, from the catalogue: the words its studio shows too.
    printing: { methods: describeMethods(page.product.print), area: printRuleOf(page.product.id)?.areaMm ?? null },
    breadcrumbs: [
      { name: text.crumb, path: "/portfolio" },
      { name: page.product.title, path },
    ],
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return [];
  const { product, category, path, breadcrumbs } = loaderData;
  return seo({
    title: product.title,
    description: product.description,
    keywords: [product.title, product.brand, ...text.keywords],
    path,
    breadcrumbs,
    image: shareImage(path, productImageAlt(product)),
    structuredData: [
      madeForClient({
        ...product,
        brand: splitBrand(product.brand),
        image: imageUrl(product.image),
        path,
        category: category.label,
      }),
    ],
  });
};

export default function PortfolioItem({ loaderData }: Route.ComponentProps) {
  const { product, category, related, breadcrumbs, studio, printing } = loaderData;
  return (
    <>
      <Breadcrumbs crumbs={breadcrumbs} />
      <PageHero
        eyebrow={category.label}
        title={product.title}
        lead={product.description}
        media={<HeroImage src={product.image} alt={productImageAlt(product)} width={800} height={600} />}
      >
        <QuoteLink to={quoteHref(product.title)}>{text.quote}</QuoteLink>
        <a href={studio} className={buttonVariants({ variant: "outlineLight", size: "lg" })}>
          {text.studio}
        </a>
        {category.path && (
          <a href={category.path} className={buttonVariants({ variant: "outlineLight", size: "lg" })}>
            {text.category} {category.title}
          </a>
        )}
      </PageHero>

      <Section aria-labelledby="details-heading">
        <div className="grid gap-10 lg:grid-cols-3 lg:gap-12">
          <div>
            <h2 id="details-heading" className="text-2xl font-bold tracking-tight">
              {text.detailsTitle}
            </h2>
            <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
              <dt className="font-medium text-muted-foreground">{text.facts.brand}</dt>
              <dd className="font-semibold">{product.brand}</dd>
              <dt className="font-medium text-muted-foreground">{text.facts.category}</dt>
              <dd className="font-semibold">{category.label}</dd>
              <dt className="font-medium text-muted-foreground">{text.printMethod}</dt>
              <dd className="font-semibold">{printing.methods}</dd>
            </dl>
          </div>
          <div>
            <h3 className="text-sm font-semibold uppercase tracking-wider text-muted-foreground lg:mt-2">
              {text.featuresTitle}
            </h3>
            <FeatureList features={product.features} className="mt-5 text-base" />
          </div>
          <aside aria-labelledby="studio-heading" className="rounded-2xl bg-secondary p-6">
            <h3 id="studio-heading" className="text-lg font-bold tracking-tight">
              {text.studioTitle}
            </h3>
            <p className="mt-2 text-sm text-muted-foreground">{text.studioIntro(printing.methods, printing.area)}</p>
            <a href={studio} className={buttonVariants({ variant: "default", size: "lg", className: "mt-5" })}>
              {text.studio}
            </a>
          </aside>
        </div>
      </Section>

      {related.length > 0 && (
        <Section tone="muted" aria-labelledby="related-heading">
          <SectionHeading
            id="related-heading"
            align="left"
            title={text.relatedTitle(category.label)}
            intro={text.relatedIntro}
          />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((item) => (
              <li key={item.id}>
                <ProductLinkCard product={item} />
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}
