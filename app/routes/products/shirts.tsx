import { OptionPage } from "~/components/sections/option-page";
import { productPageData } from "~/lib/product-page-data.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/shirts";

export const loader = productPageData.shirts;

export const meta = () =>
  seo({
    title: "Corporate Apparel",
    description:
      "Custom polo shirts, T-shirts, caps and jackets for field forces, conferences and launch events, printed or embroidered.",
    keywords: ["corporate apparel", "custom polo shirts Lahore", "embroidered shirts Pakistan", "branded caps"],
    path: "/products/shirts",
    breadcrumbs: [
      { name: "Products", path: "/#products" },
      { name: "Corporate Apparel", path: "/products/shirts" },
    ],
  });

export default function Page({ loaderData: { category, options } }: Route.ComponentProps) {
  return (
    <OptionPage
      title="Corporate Apparel"
      category={category}
      lead="Polo shirts, T-shirts, caps and jackets that make your field force and event teams look like one brand."
      introTitle="Apparel your team will wear"
      intro="We embroider or print your logo and product names on quality fabrics in your brand colours, sized for the whole team and delivered before your launch or conference."
      optionsTitle="Apparel options"
      options={options}
      ctaTitle="Dress your team in your brand"
    />
  );
}
