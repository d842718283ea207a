import ogs from "open-graph-scraper";
import sharp from "sharp";
import { notFoundPath, pagesToCheck } from "./support/site";
import { expect, test } from "./support/test";

// What a link preview (WhatsApp, LinkedIn, …) shows of each page, read by a real Open Graph parser
// from the running server. The pages' URLs are absolute on the site's own origin: the test asks this
// server for the same paths.

/** The default share image, for pages with nothing better: the logo card. */
const defaultImage = "/og-image.png";

test("a preview parser finds a title, a description and a 1200x630 PNG share image on each page template", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const paths = pagesToCheck()
    .map(({ path }) => path)
    .filter((path) => listed.includes(path));
  expect(paths.length).toBeGreaterThan(8);

  for (const path of paths) {
    const { result, error } = await ogs({ url: `${baseURL}${path}` });
    expect(error, path).toBe(false);
    expect(result.ogTitle, path).toMatch(/\S.* \| Lahore Promo Works$/);
    expect(result.ogDescription?.length, path).toBeGreaterThan(40);
    expect(result.twitterCard, path).toBe("summary_large_image");
    const [image] = result.ogImage ?? [];
    expect(image, path).toMatchObject({ width: "1200", height: "630", alt: expect.stringMatching(/\w{3}/) });

    const imagePath = `${new URL(image!.url).pathname}${new URL(image!.url).search}`;
    const response = await request.get(imagePath);
    expect(response.status(), imagePath).toBe(200);
    expect(response.headers()["content-type"], imagePath).toBe("image/png");
    // Only link previews fetch it, under a name that does not change: cached for an hour.
    expect(response.headers()["cache-control"], imagePath).toBe("public, max-age=3600");
    const png = await response.body();
    expect(png.length, imagePath).toBeLessThan(200_000);
    const { format, width, height } = await sharp(png).metadata();
    expect({ format, width, height }, imagePath).toEqual({ format: "png", width: 1200, height: 630 });
  }
});

test("every page of the sitemap names a share image of its own", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(paths).not.toContain(notFoundPath);
  const pagesByImage = new Map<string, string[]>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const url = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
    expect(url, path).toBeDefined();
    const file = new URL(url!).pathname;
    pagesByImage.set(file, [...(pagesByImage.get(file) ?? []), path]);
  }
  const shared = [...pagesByImage].filter(([file, pages]) => pages.length > 1 && file !== defaultImage);
  expect(shared, "pages of different content with the same picture").toEqual([]);
});

test("a link to an item page previews that item's picture and name", async ({ request, baseURL }) => {
  const { result } = await ogs({ url: `${baseURL}/portfolio/naprox-pen-blue` });
  expect(result.ogTitle).toBe("NAPROX Pen, Blue Edition | Lahore Promo Works");
  const [image] = result.ogImage ?? [];
  expect(new URL(image!.url).pathname).toBe("/images/share/portfolio/naprox-pen-blue.png");
  expect(image!.alt).toBe("NAPROX Pen, Blue Edition, made for Healix - NAPROX");

  // The picture is the item's own drawing: its brand colour fills the pen, beside the words.
  const png = await (await request.get(`${new URL(image!.url).pathname}${new URL(image!.url).search}`)).body();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const blue = [0x15, 0x65, 0xc0];
  let brandPixels = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - blue[0]!) + Math.abs(data[i + 1]! - blue[1]!) + Math.abs(data[i + 2]! - blue[2]!) < 24)
      brandPixels++;
  }
  expect(brandPixels).toBeGreaterThan(2_000);
});
