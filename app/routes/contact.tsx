import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Request a Quote",
    description: "Request a quote for custom promotional products. Tell us what you need and we reply within 24 business hours. Office in Lahore, Pakistan.",
    keywords: ["request a quote promotional products", "contact Lahore promotional products"],
    path: "/contact",
    breadcrumbs: [{ name: "Contact", path: "/contact" }],
  });

export default function Page() {
  return <PageHero title="Request a Quote" />;
}
