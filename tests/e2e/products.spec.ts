import { readdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { caseStudies } from "../../app/content/case-studies";
import { products, productsIn } from "../../app/content/catalogue";

const main = (page: Page) => page.getByRole("main");

/** An image's src as the build writes it: Vite's asset URL, the file's name with its content hash. */
const hashed = (path: string) => new RegExp(`^/assets/${/([\w-]+)\.svg$/.exec(path)![1]}-[\\w-]{8}\\.svg$`);

/** Every image has a size and alt text; only the first one may load eagerly. */
async function expectImagesWellFormed(page: Page) {
  const images = await main(page)
    .locator("img")
    .evaluateAll((nodes) =>
      nodes.map((img) => ({
        alt: img.getAttribute("alt") ?? "",
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
        ok: (img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth > 0 : true,
      })),
    );
  expect(images.length).toBeGreaterThan(0);
  for (const [index, image] of images.entries()) {
    expect(image.alt.length, `alt of image ${index}`).toBeGreaterThan(5);
    expect(image.width).toMatch(/^\d+$/);
    expect(image.height).toMatch(/^\d+$/);
    if (index > 0) expect(image.loading, `image ${index}`).toBe("lazy");
  }
}

/** The four catalogue pages, each with the bands the specification gives it after its list. */
const cataloguePages = [
  { path: "/products/pens", h1: "Custom Pens", category: "pens", features: 2, bands: [], card: undefined },
  {
    path: "/products/paper-chit-pads",
    h1: "Paper Chit Pads",
    category: "paper-chit-pads",
    features: 3,
    bands: ["Finishes", "Specifications"],
    card: "Spot UV",
  },
  {
    path: "/products/drinkware",
    h1: "Drinkware & Mugs",
    category: "drinkware",
    features: "all",
    bands: ["Specifications"],
    card: undefined,
  },
  {
    path: "/products/office-accessories",
    h1: "Office Accessories",
    category: "office-accessories",
    features: 3,
    bands: ["Use cases"],
    card: "Doctor's Desk",
  },
] as const;

for (const { path, h1, category, features, bands, card } of cataloguePages) {
  test(`${path} lists its catalogue items with ${features} features each and a quote link`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const items = productsIn(category);
    const articles = main(page).getByRole("article");
    await expect(articles).toHaveCount(items.length);
    for (const [index, product] of items.entries()) {
      const article = articles.nth(index);
      await expect(article.getByRole("heading", { name: product.title })).toBeVisible();
      await expect(article.getByText(product.brand, { exact: true })).toBeVisible();
      await expect(article.getByText(product.description)).toBeVisible();
      await expect(article.getByRole("img")).toHaveAttribute("src", hashed(product.image));
      await expect(article.getByRole("img")).toHaveAttribute("alt", new RegExp(product.title));
      const shown = features === "all" ? product.features : product.features.slice(0, features);
      await expect(article.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveText(shown);
      await expect(article.getByRole("link", { name: "Request Similar Design" })).toHaveAttribute(
        "href",
        `/contact?product=${encodeURIComponent(product.title)}`,
      );
    }
    await expectImagesWellFormed(page);
    await expect(main(page).getByRole("link", { name: "Request a Quote" }).last()).toHaveAttribute("href", "/contact");

    // The bands after the list, in order, and only those: no option cards with 'Inquire Now' here.
    const headings = main(page).getByRole("heading", { level: 2 });
    await expect(headings).toHaveText([/./, ...bands, /./]);
    if (card) await expect(main(page).getByRole("heading", { level: 3, name: card })).toBeVisible();
    if ((bands as readonly string[]).includes("Specifications"))
      await expect(main(page).getByRole("term").first()).toBeVisible();
    await expect(main(page).getByRole("link", { name: /^Inquire Now/ })).toHaveCount(0);

    // Only the pens page shows the '11+ custom pens' figure, with a quote link beside it.
    const figure = main(page).getByText("custom pens", { exact: true });
    if (category === "pens") {
      await expect(main(page).getByText(`${items.length}+`, { exact: true })).toBeVisible();
      await expect(figure).toBeVisible();
      await main(page)
        .getByRole("link", { name: `Request Similar Design: ${items[2]!.title}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/contact\\?product=${encodeURIComponent(items[2]!.title)}$`));
    } else {
      await expect(figure).toHaveCount(0);
    }
  });
}

test("a category without a page, or no category, answers the 404 page", async ({ request }) => {
  for (const path of ["/products/games", "/products/no-such-line"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain("Oops! Page not found");
  }
});

const optionPages = [
  { path: "/products/shirts", h1: "Corporate Apparel", first: "Polo Shirts" },
  { path: "/products/acrylic", h1: "Acrylic Awards", first: "Acrylic Shields" },
  { path: "/products/clocks", h1: "Custom Wall Clocks", first: "Round Wall Clocks" },
] as const;

for (const { path, h1, first } of optionPages) {
  test(`${path} shows four option cards with Inquire Now and a quote call`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    const options = page.locator("section:has(#options-heading)").getByRole("listitem");
    await expect(options).toHaveCount(4);
    await expect(options.first().getByRole("heading", { level: 3 })).toHaveText(first);
    const inquire = main(page).getByRole("link", { name: /^Inquire Now/ });
    await expect(inquire).toHaveCount(4);
    for (const href of await inquire.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^\/contact(\?product=.+)?$/);
    }
    await expect(main(page).getByRole("link", { name: "Request a Quote" }).last()).toHaveAttribute("href", "/contact");
    await expectImagesWellFormed(page);
  });
}

test("/case-studies shows four studies with their product counts, two testimonials and a call to /contact", async ({
  page,
}) => {
  await page.goto("/case-studies");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Case Studies");
  const articles = main(page).getByRole("article");
  await expect(articles).toHaveCount(4);

  const countOf = (name: string) => products.filter((product) => product.brand.includes(name)).length;
  const expected = [
    { title: /ONSET/, badge: `${countOf("ONSET")} products`, client: "Pharmedic" },
    { title: /NAPROX/, badge: `${countOf("NAPROX")} products`, client: "Healix" },
    { title: /MARENA/i, badge: "2 products", client: undefined },
    { title: /Chit Pad Collection for 7 Brands/, badge: "7 products", client: "Four pharmaceutical companies" },
  ];
  for (const [index, study] of expected.entries()) {
    const article = articles.nth(index);
    await expect(article.getByRole("heading", { level: 3 })).toHaveText(study.title);
    await expect(article.getByText(study.badge, { exact: true })).toBeVisible();
    for (const part of ["Challenge", "Solution", "Results"]) {
      await expect(article.getByRole("heading", { level: 4, name: part })).toBeVisible();
    }
    await expect(article.getByText(caseStudies[index]!.overview)).toBeVisible();
    await expect(article.getByText(caseStudies[index]!.industry, { exact: true })).toBeVisible();
    if (study.client) await expect(article.getByText(study.client, { exact: true })).toBeVisible();
    else await expect(article.getByText("Client:")).toHaveCount(0);
    await expect(article.getByRole("img")).toHaveAttribute("src", hashed(caseStudies[index]!.image));
  }
  expect(countOf("ONSET")).toBe(4);

  const quotes = main(page).locator("blockquote");
  await expect(quotes).toHaveCount(2);
  await expect(main(page).locator("figcaption").first()).toContainText("Product Manager");
  await expect(main(page).getByRole("link", { name: "Request a Quote" }).last()).toHaveAttribute("href", "/contact");
  await expectImagesWellFormed(page);
});

test("every product, category and case-study image loads", async ({ request }) => {
  const { categories } = await import("../../app/content/categories");
  const paths = [
    ...products.map((product) => product.image),
    ...Object.values(categories).map((category) => category.image),
    ...caseStudies.map((study) => study.image),
  ];
  // Each at the URL the build gave it (its name and content hash under /assets).
  const built = readdirSync("build/client/assets").map((name) => `/assets/${name}`);
  for (const path of paths) {
    const url = built.find((asset) => hashed(path).test(asset));
    expect(url, path).toBeDefined();
    const response = await request.get(url!);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain("image/svg+xml");
  }
});

/** Whether an image is drawn entirely inside the viewport, loaded. */
const inViewAndLoaded = (image: ReturnType<Page["locator"]>) =>
  image.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    const inView = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    return inView && box.width > 100 && img.complete && img.naturalWidth > 0;
  });

const allLines = [
  "/products/pens",
  "/products/shirts",
  "/products/acrylic",
  "/products/clocks",
  "/products/paper-chit-pads",
  "/products/drinkware",
  "/products/office-accessories",
];

test("at 1440 px the home hero shows the products beside its words, and Products reaches all seven lines", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const hero = page.getByRole("list", { name: "What we make" });
  const pictures = hero.locator("img");
  await expect(pictures).toHaveCount(4);
  for (const picture of await pictures.all()) await expect.poll(() => inViewAndLoaded(picture)).toBe(true);
  // Beside the words: the pictures start right of the heading.
  const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  expect((await pictures.first().boundingBox())!.x).toBeGreaterThan(heading.x + heading.width);
  expect(await hero.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
    "/products/pens",
    ...allLines.slice(4),
  ]);
  // No more than one picture asks to come first (decision record 005).
  expect(await page.locator('img[fetchpriority="high"]').count()).toBeLessThanOrEqual(1);

  // Products in the header: every product line is a link in that section.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/#products$/);
  const products = page.locator("section#products");
  await expect(products.getByRole("heading", { level: 2 })).toBeInViewport();
  await expect(products.getByRole("article")).toHaveCount(4);
  const more = products.getByRole("list", { name: "More product lines" }).getByRole("link");
  await expect(more).toHaveText([
    /Paper Chit Pads\s*7 designs/,
    /Drinkware & Mugs\s*3 designs/,
    /Office Accessories\s*5/,
  ]);
  const hrefs = await products.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(new Set(hrefs)).toEqual(new Set(allLines));
  for (const image of await products.locator("img").all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(640);
  }

  // The portfolio teaser: a picture of each item it names.
  const teaser = page.getByRole("list", { name: "From our portfolio" }).getByRole("link");
  await expect(teaser).toHaveCount(4);
  for (const card of await teaser.all()) {
    const image = card.locator("img");
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => inViewAndLoaded(image)).toBe(true);
  }
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the home page's first screen shows products under its words, with both buttons", async ({ page }) => {
    await page.goto("/");
    const pictures = page.getByRole("list", { name: "What we make" }).locator("img");
    await expect(pictures).toHaveCount(4);
    // The first row, two pictures, whole in the first screen; the buttons above them too.
    for (const picture of (await pictures.all()).slice(0, 2)) {
      await expect.poll(() => inViewAndLoaded(picture)).toBe(true);
    }
    await expect(page.getByRole("main").getByRole("link", { name: "Request a Quote" }).first()).toBeInViewport({
      ratio: 1,
    });
    await expect(page.getByRole("main").getByRole("link", { name: "View Products", exact: true })).toBeInViewport({
      ratio: 1,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test("a catalogue page fetches the far cards' pictures only as they come near, and shows every one on the way down", async ({
    page,
  }) => {
    const pens = productsIn("pens");
    const requested = new Set<string>();
    page.on("request", (request) => requested.add(new URL(request.url()).pathname));
    // On a slow connection Chromium alone fetches lazy images from farther away (4 of these on 3G, nearly
    // all on 2G), taking bandwidth from the first view. Cards drawn only near the viewport hold them back.
    const network = await page.context().newCDPSession(page);
    await network.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 300,
      downloadThroughput: 60_000,
      uploadThroughput: 30_000,
    });
    await page.goto("/products/pens");
    await page.waitForLoadState("load");
    expect(
      await page.evaluate(
        () => (navigator as Navigator & { connection?: { effectiveType: string } }).connection?.effectiveType,
      ),
    ).toBe("3g");
    const fetchedAtOnce = pens.filter((product) => requested.has(product.image));
    expect(fetchedAtOnce.length, "pictures fetched before any scrolling").toBeLessThanOrEqual(2);
    await network.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const cards = main(page).getByRole("article");
    await expect(cards).toHaveCount(pens.length);
    for (const card of await cards.all()) {
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByRole("heading")).toBeVisible();
      await expect
        .poll(() => card.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    // Scrolling back up, nothing jumps: the cards keep the height they were drawn at.
    const bottom = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(bottom);
  });

  test("the category page templates and the case studies do not scroll sideways", async ({ page }) => {
    for (const path of ["/products/paper-chit-pads", "/products/clocks", "/case-studies"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
