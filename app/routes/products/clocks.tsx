import { OptionPage } from "~/components/sections/option-page";
import { productPageData } from "~/lib/product-page-data.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/clocks";

export const loader = productPageData.clocks;

export const meta = () =>
  seo({
    title: "Custom Wall Clocks",
    description: "Custom wall clocks with your brand on the dial for clinics, pharmacies and offices.",
    keywords: ["custom wall clocks", "branded clocks", "promotional wall clocks Pakistan", "pharmacy clocks"],
    path: "/products/clocks",
    breadcrumbs: [
      { name: "Products", path: "/#products" },
      { name: "Custom Wall Clocks", path: "/products/clocks" },
    ],
  });

export default function Page({ loaderData: { category, options } }: Route.ComponentProps) {
  return (
    <OptionPage
      title="Custom Wall Clocks"
      category={category}
      lead="A clock on a clinic or pharmacy wall shows your brand to every patient, every hour of the day."
      introTitle="Your brand, seen every hour"
      intro="We print your logo, product name and a short message on the dial, fit a reliable quartz or silent sweep movement, and pack each clock in a branded box."
      optionsTitle="Clock options"
      options={options}
      ctaTitle="Put your brand on the wall"
    />
  );
}
