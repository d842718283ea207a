import type { BreadcrumbList } from "schema-dts";
import { describe, expect, it } from "vitest";
import { siteUrl } from "~/content/business";
import { splitBrand } from "~/content/catalogue";
import { breadcrumbList, breadcrumbTrail, madeForClient } from "./structured-data";

describe("madeForClient()", () => {
  const item = madeForClient({
    title: "NAPROX Pen, Blue Edition",
    description: "The blue companion to the red NAPROX pen.",
    path: "/portfolio/naprox-pen-blue",
    image: "/assets/naprox-pen-blue-AbCd1234.svg",
    brand: splitBrand("Healix - NAPROX"),
    category: "Pens",
  });

  it("describes the item as work the business made for a client, with absolute URLs for its page and picture", () => {
    expect(item).toMatchObject({
      "@type": "CreativeWork",
      name: "NAPROX Pen, Blue Edition",
      description: "The blue companion to the red NAPROX pen.",
      url: `${siteUrl}/portfolio/naprox-pen-blue`,
      image: `${siteUrl}/assets/naprox-pen-blue-AbCd1234.svg`,
      genre: "Pens",
      about: { "@type": "Brand", name: "NAPROX" },
      sponsor: { "@type": "Organization", name: "Healix" },
      creator: { "@id": `${siteUrl}/#organization` },
      isPartOf: { "@type": "CollectionPage", url: `${siteUrl}/portfolio` },
    });
  });

  it("is no Product, and names no price: Google would require an offer, a review or a rating of a Product", () => {
    expect(JSON.stringify(item)).not.toMatch(/"Product"|offers|price|review|rating/i);
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
