import { data } from "react-router";
import { BrandStudio } from "~/components/studio/brand-studio";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { products } from "~/content/catalogue";
import { printRuleOf } from "~/content/print-rules";
import { studioText as text } from "~/content/studio";
import { productPagePath, studioPagePath } from "~/lib/product-path";
import type { RouteHandle } from "~/lib/route-handle";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/portfolio-studio";

/** The item, how it is printed and its print area; the head is built here so the SEO code stays out of the page's script. */
export function loader({ params }: Route.LoaderArgs) {
  const product = products.find((candidate) => candidate.id === params.id);
  const rule = product && printRuleOf(product.id);
  if (!product || !rule) throw data(null, { status: 404 });
  const path = studioPagePath(product.id);
  return {
    item: { id: product.id, title: product.title, brand: product.brand, colour: product.colour, print: product.print },
    rule,
    meta: seo({
      title: `${text.eyebrow}: ${product.title}`,
      description: `See your own brand name, colours and logo on the ${product.title}, then request a quote with the design.`,
      keywords: [product.title, "promotional product mockup", "logo on promotional products"],
      path,
      breadcrumbs: [
        { name: "Portfolio", path: "/portfolio" },
        { name: product.title, path: productPagePath(product.id) },
        { name: text.eyebrow, path },
      ],
      // A tool for one item, not a page to find in search: the item's own page is.
      robots: "noindex, follow",
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** The studio redraws the mockup as the buyer types and places their logo. */
export const handle = { hydrate: true } satisfies RouteHandle;

export default function PortfolioStudio({ loaderData }: Route.ComponentProps) {
  const { item, rule } = loaderData;
  return (
    <>
      <PageHero eyebrow={text.eyebrow} title={text.title(item.title)} lead={text.lead}>
        <a
          href={productPagePath(item.id)}
          className="inline-flex items-center font-semibold text-white underline underline-offset-4 pointer-coarse:min-h-11"
        >
          {text.back(item.title)}
        </a>
      </PageHero>
      <Section tone="muted">
        <BrandStudio item={item} rule={rule} />
      </Section>
    </>
  );
}
