import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Blog",
    description: "Articles for pharmaceutical and corporate marketers on choosing, designing and getting results from promotional products in Pakistan.",
    keywords: ["promotional products blog", "pharma marketing giveaways"],
    path: "/blog",
    breadcrumbs: [{ name: "Blog", path: "/blog" }],
  });

export default function Page() {
  return <PageHero title="Blog" />;
}
