import { expect, test } from "./support/test";

const slugs = [
  "top-promotional-items-medical-conferences-2026",
  "choose-right-corporate-giveaway",
  "psychology-promotional-products-pharma",
  "sustainable-promotional-products-guide",
  "quality-standards-pharma-promotional-items",
  "maximize-roi-promotional-campaigns",
];

test("/blog shows six article cards, newest first, each with category, title, excerpt, date and Read More", async ({
  page,
}) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(6);

  const hrefs: string[] = [];
  const dates: string[] = [];
  for (const card of await cards.all()) {
    const title = (await card.getByRole("heading", { level: 2 }).textContent())!;
    expect(title.length).toBeGreaterThan(10);
    const link = card.getByRole("link", { name: `Read More: ${title}` });
    await expect(link).toHaveText(/Read More/);
    hrefs.push((await link.getAttribute("href"))!);
    const time = card.locator("time");
    await expect(time).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    dates.push((await time.getAttribute("datetime"))!);
    await expect(card.locator("p").first()).not.toBeEmpty();
  }
  expect([...hrefs].sort()).toEqual(slugs.map((slug) => `/blog/${slug}`).sort());
  expect(dates).toEqual([...dates].sort().reverse());

  const conference = cards.filter({ hasText: "Top Promotional Items for Medical Conferences in 2026" });
  await expect(conference).toContainText("Industry Trends");
  await expect(conference.locator("time")).toHaveText("January 15, 2026");
});

test("every article reachable from /blog shows its own title, date, category and body, and Back to Blog returns", async ({
  page,
  request,
}) => {
  await page.goto("/blog");
  const cards = page.getByRole("main").getByRole("article");
  const expected = await cards.evaluateAll((articles) =>
    articles.map((article) => ({
      href: article.querySelector("a")!.getAttribute("href")!,
      title: article.querySelector("h2")!.textContent!,
      category: article.querySelector("p")!.textContent!,
      date: article.querySelector("time")!.textContent!,
    })),
  );
  // Each article as served: the template is looked at in a browser below, once.
  const bodies = new Set<string>();
  for (const { href, title, category, date } of expected) {
    const html = await (await request.get(href)).text();
    expect(/<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1], href).toBe(title);
    expect(html).toContain(`<title>${title} | Lahore Promo Works</title>`);
    expect(html).toMatch(new RegExp(`<time[^>]*>${date}</time>`));
    expect(html).toContain(`>${category.replaceAll("&", "&amp;")}<`);
    const body = /<div class="article-body[^"]*">([\s\S]+?)<\/article>/.exec(html)?.[1] ?? "";
    expect(body, href).toMatch(/<h2[^>]*>/);
    bodies.add(body);
  }
  expect(bodies.size).toBe(6);

  const { title, category, date } = expected[1]!;
  await page.getByRole("link", { name: `Read More: ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} | Lahore Promo Works`);
  const article = page.getByRole("main").getByRole("article").first();
  await expect(article.locator("time").first()).toHaveText(date);
  await expect(article.getByText(category, { exact: true }).first()).toBeVisible();
  await expect(article.locator(".article-body").getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a Quote" }).last()).toHaveAttribute("href", "/contact");
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
});

test("the medical-conference article is dated January 15, 2026 in Industry Trends and loads without an error", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/blog/top-promotional-items-medical-conferences-2026");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Top Promotional Items for Medical Conferences in 2026",
  );
  const time = page.getByRole("main").locator("article time").first();
  await expect(time).toHaveText("January 15, 2026");
  await expect(time).toHaveAttribute("datetime", "2026-01-15");
  await expect(page.getByText("Industry Trends", { exact: true }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("an article page carries BlogPosting JSON-LD, og:type article and a Home > Blog > title trail in its HTML", async ({
  request,
}) => {
  const response = await request.get("/blog/quality-standards-pharma-promotional-items");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<meta property="og:type" content="article"\/?>/);
  const jsonLd = html.match(/<script type="application\/ld\+json">(.+?)<\/script>/s)?.[1];
  const graph = JSON.parse(jsonLd!)["@graph"] as Record<string, unknown>[];
  const posting = graph.find((node) => node["@type"] === "BlogPosting")!;
  expect(posting).toMatchObject({
    headline: "Quality Standards for Pharmaceutical Promotional Items",
    datePublished: "2026-06-16",
    articleSection: "Quality & Compliance",
  });
  // The article's own share image, which its head also names.
  expect(posting.image).toMatch(/\/images\/share\/blog\/quality-standards-pharma-promotional-items\.png$/);
  expect(html).toContain(`<meta property="og:image" content="${posting.image}"`);
  expect(posting.url).toMatch(/\/blog\/quality-standards-pharma-promotional-items$/);
  const crumbs = graph.find((node) => node["@type"] === "BreadcrumbList") as {
    itemListElement: { name: string }[];
  };
  expect(crumbs.itemListElement.map((item) => item.name)).toEqual([
    "Home",
    "Blog",
    "Quality Standards for Pharmaceutical Promotional Items",
  ]);
  // The body is in the HTML before any script runs.
  expect(html).toContain("<h2>Artwork accuracy comes first</h2>");
});

test("an unknown article slug answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/blog/no-such-article");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
});
