import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Custom Wall Clocks",
    description: "Custom wall clocks with your brand on the dial for clinics, pharmacies and offices.",
    keywords: ["custom wall clocks", "branded clocks"],
    path: "/products/clocks",
    breadcrumbs: [{ name: "Products", path: "/#products" }, { name: "Custom Wall Clocks", path: "/products/clocks" }],
  });

export default function Page() {
  return <PageHero title="Custom Wall Clocks" />;
}
