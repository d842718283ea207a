import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "About Us",
    description: "About our Lahore promotional products company: our mission, our pharmaceutical and corporate experience, and the values behind every order.",
    keywords: ["about promotional products company", "Lahore corporate gifts supplier"],
    path: "/about",
    breadcrumbs: [{ name: "About Us", path: "/about" }],
  });

export default function Page() {
  return <PageHero title="About Us" />;
}
