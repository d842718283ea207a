import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Paper Chit Pads",
    description: "Printed paper chit pad boxes for doctors' desks: full-colour branding, refillable boxes and a range of finishes.",
    keywords: ["paper chit pads", "chit pad box printing"],
    path: "/products/paper-chit-pads",
    breadcrumbs: [{ name: "Products", path: "/#products" }, { name: "Paper Chit Pads", path: "/products/paper-chit-pads" }],
  });

export default function Page() {
  return <PageHero title="Paper Chit Pads" />;
}
