import type { Page } from "@playwright/test";
import { products } from "../../app/content/catalogue";
import { categories } from "../../app/content/categories";
import { portfolioTeaser } from "../../app/content/home";
import { describeMethods } from "../../app/content/print-rules";
import { expect, test } from "./support/test";
import { waitForHydration } from "./support/site";

const itemPath = (id: string) => `/portfolio/${id}`;
const quoteHref = (title: string) => `/contact?product=${encodeURIComponent(title)}`;
/** An image's src as the build writes it: Vite's asset URL, the file's name with its content hash. */
const hashed = (path: string) => new RegExp(`^/assets/${/([\w-]+)\.svg$/.exec(path)![1]}-[\\w-]{8}\\.svg$`);

function product(id: string) {
  const found = products.find((item) => item.id === id);
  if (!found) throw new Error(`no product ${id} in the catalogue`);
  return found;
}

type Node = Record<string, unknown> & { "@type": string };
async function jsonLd(page: Page): Promise<Node[]> {
  const text = await page.locator('script[type="application/ld+json"]').textContent();
  return (JSON.parse(text!) as { "@graph": Node[] })["@graph"];
}

/** The JSON-LD graph in a page's HTML. */
const graphIn = (html: string) =>
  (JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/s.exec(html)![1]!) as { "@graph": Node[] })[
    "@graph"
  ];

test("every item of the catalogue has a page of its own: its title, picture, description, trail and quote link", async ({
  request,
}) => {
  for (const item of products) {
    const response = await request.get(itemPath(item.id));
    expect(response.status(), itemPath(item.id)).toBe(200);
    const html = await response.text();
    expect(/<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1], itemPath(item.id)).toBe(item.title);
    expect(html).toContain(`href="${quoteHref(item.title).replaceAll("&", "&amp;")}"`);
    const graph = graphIn(html);
    const described = graph.find((node) => node["@type"] === "CreativeWork")!;
    expect(described).toMatchObject({ name: item.title, description: item.description });
    expect(new URL(described.image as string).pathname).toMatch(hashed(item.image));
    const crumbs = graph.find((node) => node["@type"] === "BreadcrumbList") as unknown as {
      itemListElement: { name: string }[];
    };
    expect(crumbs.itemListElement.map((crumb) => crumb.name)).toEqual(["Home", "Portfolio", item.title]);
  }
});

// Item pages only show content: everything here is in the HTML, and works with no script at all. The page
// is drawn from the catalogue by one template: it is looked at whole for an item of a category that has a
// page of its own, and for one of a category that has none.
test.describe("an item page, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const item of [product("naprox-pen-blue"), product("onset-maze-game")]) {
    test(`${itemPath(item.id)} shows the item whole, its trail, related items and a quote link`, async ({ page }) => {
      const response = await page.goto(itemPath(item.id));
      expect(response?.status()).toBe(200);
      const category = categories[item.category];
      const main = page.getByRole("main");

      await expect(main.getByRole("heading", { level: 1 })).toHaveText(item.title);
      await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
      const picture = main.getByRole("img", { name: `${item.title}, made for ${item.brand}` });
      await expect(picture).toHaveAttribute("src", hashed(item.image));
      await expect(picture).toHaveAttribute("fetchpriority", "high");
      expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(main.getByText(item.description)).toBeVisible();
      const facts = main.locator("dl");
      // How it is printed: the catalogue's value, in the words its studio uses too.
      await expect(facts.locator("dt")).toHaveText(["Brand", "Category", "Print method"]);
      await expect(facts.locator("dd")).toHaveText([item.brand, category.label, describeMethods(item.print)]);
      await expect(main.getByRole("link", { name: "See Your Brand on It" }).first()).toHaveAttribute(
        "href",
        `${itemPath(item.id)}/studio`,
      );
      await expect(main.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveText(item.features);

      await expect(main.getByRole("link", { name: "Request a Quote for This Product" })).toHaveAttribute(
        "href",
        quoteHref(item.title),
      );
      if (category.path)
        await expect(main.getByRole("link", { name: `See all ${category.title}` })).toHaveAttribute(
          "href",
          category.path,
        );

      const trail = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(trail.getByRole("listitem")).toHaveText(["Home", "Portfolio", item.title]);
      await expect(trail.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(trail.getByRole("link", { name: "Portfolio" })).toHaveAttribute("href", "/portfolio");
      await expect(trail.locator('[aria-current="page"]')).toHaveText(item.title);

      // Up to three other items of its category, each a link to its page.
      const others = products.filter((other) => other.category === item.category && other.id !== item.id);
      const related = main.locator("section:has(#related-heading) li a");
      await expect(related).toHaveCount(Math.min(3, others.length));
      for (const href of await related.evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
        const other = others.find((candidate) => itemPath(candidate.id) === href);
        expect(other, `${href} is another item of ${item.category}`).toBeDefined();
        await expect(related.filter({ hasText: other!.title })).toHaveCount(1);
      }

      const graph = await jsonLd(page);
      const crumbs = graph.find((node) => node["@type"] === "BreadcrumbList") as unknown as {
        itemListElement: { name: string; item: string }[];
      };
      expect(crumbs.itemListElement.map((crumb) => crumb.name)).toEqual(["Home", "Portfolio", item.title]);
      expect(new URL(crumbs.itemListElement[2]!.item).pathname).toBe(itemPath(item.id));
      // Work made for a client, not a Product: Google requires a price, review or rating of a Product.
      const described = graph.find((node) => node["@type"] === "CreativeWork")!;
      expect(described).toMatchObject({ name: item.title, description: item.description, genre: category.label });
      expect(new URL(described.image as string).pathname).toMatch(hashed(item.image));
      expect(graph.some((node) => node["@type"] === "Product")).toBe(false);
    });
  }

  test("the trail and the related items lead on to other pages", async ({ page }) => {
    await page.goto(itemPath("naprox-pen-blue"));
    await page
      .getByRole("main")
      .getByRole("link", { name: /NAPROX Pen, Red Edition/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`${itemPath("naprox-pen-red")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("NAPROX Pen, Red Edition");
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Portfolio" }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Portfolio");
  });

  test("an unknown item answers 404 with the site's 404 page", async ({ page }) => {
    const response = await page.goto(itemPath("no-such-item"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  });

  test("the category pages and the home page's portfolio teaser link to item pages", async ({ page }) => {
    await page.goto("/products/drinkware");
    await page.getByRole("article").getByRole("link", { name: "ONSET Ceramic Cup", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${itemPath("onset-cup")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ONSET Ceramic Cup");

    await page.goto("/");
    const teaser = page.getByRole("list", { name: "From our portfolio" }).getByRole("link");
    await expect(teaser).toHaveCount(portfolioTeaser.featured.length);
    for (const [index, id] of portfolioTeaser.featured.entries()) {
      await expect(teaser.nth(index)).toHaveAttribute("href", itemPath(id));
      await expect(teaser.nth(index)).toContainText(product(id).title);
    }
    await teaser.first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product(portfolioTeaser.featured[0]).title);
  });
});

test("the portfolio dialog links to the item's page; ?product= still opens the dialog", async ({ page }) => {
  const item = product("calcivit-chit-pad");
  await page.goto(`/portfolio?product=${item.id}`);
  const dialog = page.getByRole("dialog", { name: item.title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "View Product Page" }).click();
  await expect(page).toHaveURL(new RegExp(`${itemPath(item.id)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(item.title);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the quote link of an item page opens the quote form with the item filled in", async ({ context }) => {
  const item = product("naprox-pen-blue");
  // A page of its own: the item page runs no script, so there is no hydration to wait for before the click.
  const page = await context.newPage();
  await page.goto(itemPath(item.id));
  await page.getByRole("link", { name: "Request a Quote for This Product" }).click();
  await page.waitForURL((url) => url.pathname === "/contact" && url.searchParams.get("product") === item.title);
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: "Products of interest", exact: true })).toHaveValue(item.title);
});
