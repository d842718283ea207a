import { matchRoutes } from "react-router";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { articleSummaries } from "../app/content/articles.server";
import { absoluteUrl } from "../app/content/business";
import { products } from "../app/content/catalogue";
import { publicPaths } from "../app/public-paths.server";
import routes from "../app/routes";
import { type TextOutliner, textOutliner } from "./outline-text";
import { renderShareImage, shareCard, shareCards, shareCardSvg } from "./share-images";

const routeObjects = routes.map((route) => ({ path: route.index ? "/" : `/${route.path}`, file: route.file }));

type Meta = Record<string, unknown>[];

/** A page's og:image as its route module's meta gives it, from its loader's data, as the prerender does. */
async function headImageOf(path: string): Promise<string> {
  const match = matchRoutes(routeObjects, path)?.at(-1);
  if (!match) throw new Error(`no route for ${path}`);
  const page = (await import(/* @vite-ignore */ `../app/${match.route.file}`)) as {
    loader?: (args: object) => unknown;
    meta: (args: object) => Meta;
  };
  const args = { params: match.params, request: new Request(absoluteUrl(path)), context: {} };
  const loaderData = page.loader ? await page.loader(args) : undefined;
  const meta = page.meta({ ...args, loaderData, location: { pathname: path }, matches: [] });
  const image = meta.find((descriptor) => descriptor.property === "og:image")?.content;
  if (typeof image !== "string") throw new Error(`${path} names no og:image`);
  return image;
}

describe("share images", () => {
  let outline: TextOutliner;
  beforeAll(async () => {
    outline = await textOutliner();
  });

  it("are drawn for every public page, each at the file that page's head names, none shared", async () => {
    const cards = shareCards();
    const named = new Set<string>();
    for (const path of publicPaths()) {
      const file = new URL(await headImageOf(path)).pathname;
      expect(cards.has(file), `${path} names ${file}`).toBe(true);
      named.add(file);
    }
    expect(named.size).toBe(publicPaths().length);
    expect(cards.size).toBe(publicPaths().length);
  });

  it("show an item's picture, category, name and brand; an article's category and title; a page's hero", () => {
    expect(shareCard("/portfolio/naprox-pen-blue")).toEqual({
      eyebrow: "Pens",
      title: "NAPROX Pen, Blue Edition",
      subtitle: "Healix - NAPROX",
      picture: { src: "/images/products/naprox-pen-blue.svg", width: 800, height: 600 },
    });
    const article = articleSummaries()[0]!;
    expect(shareCard(`/blog/${article.slug}`)).toEqual({ eyebrow: article.category, title: article.title });
    expect(shareCard("/products/pens")).toMatchObject({
      eyebrow: "Products",
      title: "Custom Pens",
      picture: { src: "/images/categories/pens.svg" },
    });
    expect(shareCard("/about")).toMatchObject({ eyebrow: "Who we are", title: "About Us" });
  });

  it("stop the build for a page they cannot draw", () => {
    expect(() => shareCard("/portfolio/onset-umbrella")).toThrow(/No share image for \/portfolio\/onset-umbrella/);
  });

  it("are 1200x630 PNGs well under 200 KB, the longest titles included", async () => {
    const longestItem = products.reduce((longest, item) => (item.title.length > longest.title.length ? item : longest));
    const longestArticle = articleSummaries().reduce((longest, item) =>
      item.title.length > longest.title.length ? item : longest,
    );
    for (const path of [`/portfolio/${longestItem.id}`, `/blog/${longestArticle.slug}`, "/portfolio"]) {
      const png = await renderShareImage(shareCard(path), outline);
      const { format, width, height } = await sharp(png).metadata();
      expect({ format, width, height }, path).toEqual({ format: "png", width: 1200, height: 630 });
      expect(png.length, path).toBeLessThan(100_000);
    }
  });

  it("outline every word and refuse a title that fits in no size", () => {
    expect(outline(shareCardSvg(shareCard("/about"), outline.width))).not.toContain("<text");
    const endless = { eyebrow: "Pens", title: "A very long title ".repeat(12) };
    expect(() => shareCardSvg(endless, outline.width)).toThrow(/does not fit a share image/);
  });
});
