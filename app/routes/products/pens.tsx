import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Custom Pens",
    description: "Custom branded pens for pharmaceutical and corporate promotion: ballpoint, gel and metal pens printed with your product name.",
    keywords: ["custom pens", "branded pens Pakistan", "pharma pens"],
    path: "/products/pens",
    breadcrumbs: [{ name: "Products", path: "/#products" }, { name: "Custom Pens", path: "/products/pens" }],
  });

export default function Page() {
  return <PageHero title="Custom Pens" />;
}
