import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Drinkware & Mugs",
    description: "Branded mugs, cups and tumblers for pharmaceutical and corporate giveaways, printed in your brand colours.",
    keywords: ["custom mugs", "branded drinkware Pakistan"],
    path: "/products/drinkware",
    breadcrumbs: [{ name: "Products", path: "/#products" }, { name: "Drinkware & Mugs", path: "/products/drinkware" }],
  });

export default function Page() {
  return <PageHero title="Drinkware & Mugs" />;
}
