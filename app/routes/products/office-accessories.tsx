import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Office Accessories",
    description: "Branded desk accessories for clinics and offices: pen holders, organisers, mouse pads and more.",
    keywords: ["office accessories branding", "desk promotional items"],
    path: "/products/office-accessories",
    breadcrumbs: [{ name: "Products", path: "/#products" }, { name: "Office Accessories", path: "/products/office-accessories" }],
  });

export default function Page() {
  return <PageHero title="Office Accessories" />;
}
