import { describe, expect, it } from "vitest";
import { business, siteUrl } from "~/content/business";
import { seo } from "./seo";

type Descriptor = Record<string, unknown>;
const find = (meta: Descriptor[], key: string, value: string) => meta.find((m) => m[key] === value);
const graphOf = (meta: Descriptor[]) =>
  (meta.find((m) => "script:ld+json" in m)?.["script:ld+json"] as { "@graph": Descriptor[] })["@graph"];

const aboutPage = seo({
  title: "About Us",
  description: "Who we are.",
  keywords: ["about", "promotional products"],
  path: "/about",
  breadcrumbs: [{ name: "About Us", path: "/about" }],
});

describe("seo()", () => {
  it("suffixes the title with the site name and sets description, keywords and robots", () => {
    expect(aboutPage).toContainEqual({ title: `About Us | ${business.name}` });
    expect(find(aboutPage, "name", "description")).toEqual({ name: "description", content: "Who we are." });
    expect(find(aboutPage, "name", "keywords")?.content).toBe("about, promotional products");
    expect(find(aboutPage, "name", "robots")?.content).toBe("index, follow");
  });

  it("builds an absolute canonical URL and Open Graph data from the path", () => {
    expect(find(aboutPage, "rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: `${siteUrl}/about`,
    });
    expect(find(aboutPage, "property", "og:url")?.content).toBe(`${siteUrl}/about`);
    // The page's own share image, which the build draws (scripts/share-images.ts), described by the title.
    expect(find(aboutPage, "property", "og:image")?.content).toBe(`${siteUrl}/images/share/about.png`);
    expect(find(aboutPage, "property", "og:image:width")?.content).toBe("1200");
    expect(find(aboutPage, "property", "og:image:height")?.content).toBe("630");
    expect(find(aboutPage, "property", "og:image:alt")?.content).toBe(`About Us | ${business.name}`);
    expect(find(aboutPage, "property", "og:site_name")?.content).toBe(business.name);
    expect(find(aboutPage, "property", "og:locale")?.content).toBe("en_PK");
    expect(find(aboutPage, "property", "og:type")?.content).toBe("website");
    expect(find(aboutPage, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("puts Organization, LocalBusiness and the breadcrumb trail in one JSON-LD graph", () => {
    const graph = graphOf(aboutPage);
    expect(graph.map((node) => node["@type"])).toEqual(["Organization", "LocalBusiness", "BreadcrumbList"]);
    const local = graph[1] as Descriptor & { address: Descriptor; openingHoursSpecification: Descriptor };
    expect(local.address).toMatchObject({
      addressLocality: "Lahore",
      addressRegion: "Punjab",
      postalCode: "54000",
      addressCountry: "PK",
    });
    expect(local.openingHoursSpecification).toMatchObject({
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "11:00",
      closes: "19:00",
    });
    expect(local).toMatchObject({ priceRange: "$$", areaServed: "PK", knowsLanguage: "English" });
    expect(graph[2]).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${siteUrl}/` },
        { "@type": "ListItem", position: 2, name: "About Us", item: `${siteUrl}/about` },
      ],
    });
  });

  it("leaves the breadcrumb list out where none is given (the home page)", () => {
    const home = seo({ title: "Home", description: "d", keywords: [], path: "/" });
    expect(graphOf(home).map((node) => node["@type"])).toEqual(["Organization", "LocalBusiness"]);
    expect(find(home, "rel", "canonical")?.href).toBe(`${siteUrl}/`);
  });

  it("uses a page's own share image and type when given", () => {
    const article = seo({
      title: "A",
      description: "d",
      keywords: [],
      path: "/blog/a",
      type: "article",
      image: { path: "/images/a.png", width: 1200, height: 630, alt: "A" },
    });
    expect(find(article, "property", "og:type")?.content).toBe("article");
    expect(find(article, "property", "og:image")?.content).toBe(`${siteUrl}/images/a.png`);
  });
});
