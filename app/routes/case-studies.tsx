import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Case Studies",
    description: "Case studies of promotional campaigns for pharmaceutical brands: the ONSET line, NAPROX pens, the Marena campaign and a chit pad collection for 7 brands.",
    keywords: ["pharma promotional case studies", "branded merchandise campaigns"],
    path: "/case-studies",
    breadcrumbs: [{ name: "Our Work", path: "/case-studies" }],
  });

export default function Page() {
  return <PageHero title="Case Studies" />;
}
