import type { BreadcrumbList, Product } from "schema-dts";
import { describe, expect, it } from "vitest";
import { siteUrl } from "~/content/business";
import { breadcrumbList, breadcrumbTrail, product } from "./structured-data";

describe("product()", () => {
  const item: Product = product({
    title: "NAPROX Pen, Blue Edition",
    description: "The blue companion to the red NAPROX pen.",
    path: "/portfolio/naprox-pen-blue",
    image: "/images/products/naprox-pen-blue.svg?v=0123456789",
    brand: "Healix - NAPROX",
    category: "Pens",
  });

  it("names the item, its brand and category, with absolute URLs for its page and picture", () => {
    expect(item).toMatchObject({
      "@type": "Product",
      name: "NAPROX Pen, Blue Edition",
      description: "The blue companion to the red NAPROX pen.",
      url: `${siteUrl}/portfolio/naprox-pen-blue`,
      image: `${siteUrl}/images/products/naprox-pen-blue.svg?v=0123456789`,
      brand: { "@type": "Brand", name: "Healix - NAPROX" },
      category: "Pens",
      manufacturer: { "@id": `${siteUrl}/#organization` },
    });
  });

  it("offers no price: the company publishes none", () => {
    expect(item).not.toHaveProperty("offers");
    expect(JSON.stringify(item)).not.toMatch(/price/i);
  });
});

describe("breadcrumbList()", () => {
  const crumbs = [
    { name: "Portfolio", path: "/portfolio" },
    { name: "ONSET Ceramic Cup", path: "/portfolio/onset-cup" },
  ];

  it("starts the trail at Home, numbers each crumb from 1 and links it absolutely", () => {
    const list: BreadcrumbList = breadcrumbList(crumbs);
    expect(list).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${siteUrl}/` },
        { "@type": "ListItem", position: 2, name: "Portfolio", item: `${siteUrl}/portfolio` },
        { "@type": "ListItem", position: 3, name: "ONSET Ceramic Cup", item: `${siteUrl}/portfolio/onset-cup` },
      ],
    });
  });

  it("describes the same trail the page shows", () => {
    expect(breadcrumbTrail(crumbs).map((crumb) => crumb.name)).toEqual(["Home", "Portfolio", "ONSET Ceramic Cup"]);
  });
});
