import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Our Process",
    description: "How we work: consultation, design and digital mockup, production and quality check, and on-time delivery of your promotional products.",
    keywords: ["promotional products process", "custom printing steps"],
    path: "/process",
    breadcrumbs: [{ name: "Our Process", path: "/process" }],
  });

export default function Page() {
  return <PageHero title="Our Process" />;
}
