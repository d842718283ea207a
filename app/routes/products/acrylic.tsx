import { OptionPage } from "~/components/sections/option-page";
import { productPageData } from "~/lib/product-page-data.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/acrylic";

export const loader = productPageData.acrylic;

export const meta = () =>
  seo({
    title: "Acrylic Awards",
    description: "Custom acrylic awards, shields, trophies and plaques for sales conferences and recognition events.",
    keywords: ["acrylic awards", "custom shields Pakistan", "acrylic trophies Lahore", "sales conference awards"],
    path: "/products/acrylic",
    breadcrumbs: [
      { name: "Products", path: "/#products" },
      { name: "Acrylic Awards", path: "/products/acrylic" },
    ],
  });

export default function Page({ loaderData: { category, options } }: Route.ComponentProps) {
  return (
    <OptionPage
      title="Acrylic Awards"
      category={category}
      lead="Crystal-clear shields, trophies and plaques that recognise your top performers at sales conferences and annual meetings."
      introTitle="Awards worth keeping on the desk"
      intro="Laser-cut acrylic with polished edges, engraved or UV-printed with your logo, the award title and each winner's name, on a printed or wooden base."
      optionsTitle="Award options"
      options={options}
      ctaTitle="Plan the awards for your next conference"
    />
  );
}
