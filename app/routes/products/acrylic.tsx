import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Acrylic Awards",
    description: "Custom acrylic awards, shields and plaques for sales conferences and recognition events.",
    keywords: ["acrylic awards", "custom shields Pakistan"],
    path: "/products/acrylic",
    breadcrumbs: [{ name: "Products", path: "/#products" }, { name: "Acrylic Awards", path: "/products/acrylic" }],
  });

export default function Page() {
  return <PageHero title="Acrylic Awards" />;
}
