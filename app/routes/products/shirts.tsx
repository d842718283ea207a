import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Corporate Apparel",
    description: "Custom polo shirts, T-shirts and caps for field forces, conferences and launch events, printed or embroidered.",
    keywords: ["corporate apparel", "custom polo shirts Lahore"],
    path: "/products/shirts",
    breadcrumbs: [{ name: "Products", path: "/#products" }, { name: "Corporate Apparel", path: "/products/shirts" }],
  });

export default function Page() {
  return <PageHero title="Corporate Apparel" />;
}
