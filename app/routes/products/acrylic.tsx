import { OptionPage } from "~/components/sections/option-page";
import { categories } from "~/content/categories";
import { awardOptions } from "~/content/product-pages";
import { seo } from "~/lib/seo";

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

export default function Page() {
  return (
    <OptionPage
      title="Acrylic Awards"
      category={categories.acrylic}
      lead="Crystal-clear shields, trophies and plaques that recognise your top performers at sales conferences and annual meetings."
      introTitle="Awards worth keeping on the desk"
      intro="Laser-cut acrylic with polished edges, engraved or UV-printed with your logo, the award title and each winner's name, on a printed or wooden base."
      optionsTitle="Award options"
      options={awardOptions}
      ctaTitle="Plan the awards for your next conference"
    />
  );
}
