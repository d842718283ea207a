import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Our Portfolio",
    description: "Browse 27+ promotional products we have made for pharmaceutical brands: pens, chit pad boxes, drinkware, office accessories and games.",
    keywords: ["promotional products portfolio", "pharma giveaways examples"],
    path: "/portfolio",
    breadcrumbs: [{ name: "Portfolio", path: "/portfolio" }],
  });

export default function Page() {
  return <PageHero title="Our Portfolio" />;
}
