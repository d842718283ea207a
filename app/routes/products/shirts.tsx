import { OptionPage } from "~/components/sections/option-page";
import { categories } from "~/content/categories";
import { apparelOptions } from "~/content/product-pages";
import { seo } from "~/lib/seo";

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

export default function Page() {
  return (
    <OptionPage
      title="Corporate Apparel"
      category={categories.shirts}
      lead="Polo shirts, T-shirts, caps and jackets that make your field force and event teams look like one brand."
      introTitle="Apparel your team will wear"
      intro="We embroider or print your logo and product names on quality fabrics in your brand colours, sized for the whole team and delivered before your launch or conference."
      optionsTitle="Apparel options"
      options={apparelOptions}
      ctaTitle="Dress your team in your brand"
    />
  );
}
