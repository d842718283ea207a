import { expect, test } from "./support/test";
import { isSameDocument, menuButtonExpanded, sameDocumentMark, scrollDownTo, startOwnServer } from "./support/site";

const navOrder = [
  ["Home", "/"],
  ["Products", "/#products"],
  ["Portfolio", "/portfolio"],
  ["Our Process", "/process"],
  ["Our Work", "/case-studies"],
  ["About", "/about"],
  ["Blog", "/blog"],
  ["Contact", "/contact"],
] as const;

test.describe("desktop navigation", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("lists the links in order with their targets and marks the current page", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    const links = nav.getByRole("link");
    await expect(links).toHaveCount(navOrder.length);
    for (const [index, [name, href]] of navOrder.entries()) {
      await expect(links.nth(index)).toHaveText(name);
      await expect(links.nth(index)).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole("link", { name: /home page/i })).toHaveAttribute("href", "/");
  });

  test("keeps the header on screen while scrolling", async ({ page }) => {
    await page.goto("/");
    await page.mouse.wheel(0, 2000);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeInViewport();
  });

  test("Products goes to the category section of the home page", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/#products$/);
    await expect(page.locator("#products")).toBeInViewport();
  });
});

test.describe("scrolling from page to page", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a link opens the next page, a document of its own, at its top; Back reloads the page where the reader was", async ({
    page,
  }) => {
    // Playwright's browser keeps no page in the back/forward cache: Back loads the document again, and
    // the browser restores the scroll position. (Back from the cache, as browsers do it for people, is in
    // back-forward-cache.spec.ts, on a catalogue page: a catalogue page loaded again counts its far cards
    // as 500 px until drawn, and the browser's restored offset then lands elsewhere on it.)
    await page.goto("/about");
    const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Our Process" });
    await scrollDownTo(page, footerLink);
    const placeOnPage = await page.evaluate(() => window.scrollY);
    expect(placeOnPage).toBeGreaterThan(1000);

    await sameDocumentMark(page);
    await footerLink.click();
    await expect(page).toHaveURL(/\/process$/);
    expect(await isSameDocument(page), "a document navigation").toBe(false);
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    expect(await page.evaluate(() => performance.getEntriesByType("navigation")[0]!.toJSON().type)).toBe(
      "back_forward",
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(placeOnPage);
    await expect(footerLink).toBeInViewport();
  });

  test("a reload keeps the reader's place", async ({ page }) => {
    await page.goto("/about");
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens with its button, which exposes the expanded state; closes with the button, Escape and a tap outside", async ({
    page,
  }) => {
    await page.goto("/about");
    const toggle = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(menu).toBeHidden();
    expect(await menuButtonExpanded(page)).toBe(false);

    await toggle.click();
    await expect(menu).toBeVisible();
    expect(await menuButtonExpanded(page)).toBe(true);
    await expect(menu.getByRole("link")).toHaveCount(navOrder.length);
    for (const [index, [name, href]] of navOrder.entries()) {
      await expect(menu.getByRole("link").nth(index)).toHaveText(name);
      await expect(menu.getByRole("link").nth(index)).toHaveAttribute("href", href);
      await expect(menu.getByRole("link").nth(index)).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    // Over the page, below the header: the button stays reachable to close it again.
    await expect(toggle).toBeInViewport();
    await toggle.click();
    await expect(menu).toBeHidden();
    expect(await menuButtonExpanded(page)).toBe(false);

    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    expect(await menuButtonExpanded(page)).toBe(false);
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(200, 820);
    await expect(menu).toBeHidden();
    expect(await menuButtonExpanded(page)).toBe(false);
    await expect(page).toHaveURL(/\/about$/);
  });

  test("a link to another page leaves the page, and the next page opens with its menu closed", async ({ page }) => {
    await page.goto("/about");
    await sameDocumentMark(page);
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    expect(await isSameDocument(page), "a document navigation").toBe(false);
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await expect(menu).toBeHidden();
    expect(await menuButtonExpanded(page)).toBe(false);
  });

  test("on the home page, Products closes the menu and shows the categories", async ({ page }) => {
    await page.goto("/");
    await sameDocumentMark(page);
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/#products$/);
    await expect(menu).toBeHidden();
    expect(await menuButtonExpanded(page)).toBe(false);
    expect(await isSameDocument(page), "the same page, moved").toBe(true);
    await expect(page.locator("#products")).toBeInViewport();
    await expect(page.locator("section#products").getByRole("heading").first()).toBeInViewport();
  });

  test("from another page, Products opens the home page at the categories with the menu closed", async ({ page }) => {
    await page.goto("/process");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/#products$/);
    await expect(page.locator("#products")).toBeInViewport();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });
});

test("footer: text, quick links, product links, contact links and this year's copyright", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(
    "Premium promotional items for your brand, delivered with precision. Specializing in high-quality giveaways for the pharmaceutical and corporate sectors.",
  );
  const quick = footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link");
  await expect(quick).toHaveText(["Home", "Portfolio", "About Us", "Our Process", "Our Work"]);
  expect(await quick.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
    "/",
    "/portfolio",
    "/about",
    "/process",
    "/case-studies",
  ]);
  const products = footer.getByRole("navigation", { name: "Products" }).getByRole("link");
  await expect(products).toHaveText([
    "Custom Pens",
    "Paper Chit Pads",
    "Drinkware & Mugs",
    "Office Accessories",
    "Corporate Apparel",
    "Acrylic Awards",
    "Custom Wall Clocks",
  ]);
  expect(await products.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
    "/products/pens",
    "/products/paper-chit-pads",
    "/products/drinkware",
    "/products/office-accessories",
    "/products/shirts",
    "/products/acrylic",
    "/products/clocks",
  ]);
  await expect(footer.locator("address")).toContainText("Lahore");
  await expect(footer.locator('a[href^="tel:+92"]')).toHaveCount(1);
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
  const whatsapp = footer.getByRole("link", { name: /whatsapp/i });
  await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+$/);
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  await expect(whatsapp).toHaveAttribute("rel", "noopener noreferrer");
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
});

test("home page: hero, stats, portfolio teaser, categories, why us, trust strip and closing call", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Request a Quote" }).first()).toHaveAttribute("href", "/contact");
  await expect(main.getByRole("link", { name: "View Products", exact: true })).toHaveAttribute(
    "href",
    "/products/pens",
  );
  const stats: [string, string][] = [
    ["27+", "Products Delivered"],
    ["16+", "Pharma Brands"],
    ["6", "Categories"],
    ["100%", "Client Satisfaction"],
  ];
  for (const [value, label] of stats) {
    await expect(main.getByText(value, { exact: true }).first()).toBeVisible();
    await expect(main.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await expect(main.getByRole("link", { name: /portfolio/i }).first()).toHaveAttribute("href", "/portfolio");

  const products = page.locator("section#products");
  const cards = products.getByRole("article");
  await expect(cards).toHaveCount(4);
  const targets = ["/products/pens", "/products/shirts", "/products/acrylic", "/products/clocks"];
  for (const [index, target] of targets.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("img")).toHaveAttribute("alt", /\w/);
    await expect(card.getByRole("heading")).toBeVisible();
    await expect(card.getByRole("link", { name: /View Products/ })).toHaveAttribute("href", target);
  }

  await expect(page.getByRole("heading", { name: "Why brands choose us" })).toBeVisible();
  await expect(page.locator("#why-us-heading + * li, section:has(#why-us-heading) li")).toHaveCount(4);
  await expect(page.getByText("Trusted by leading healthcare and corporate brands")).toBeVisible();
  await expect(page.getByText("Client Logo", { exact: true })).toHaveCount(4);
  await expect(main.getByRole("link", { name: "Request a Quote" }).last()).toHaveAttribute("href", "/contact");
});

test("an unknown path answers 404 with the not-found page inside the frame, and nothing in the browser's console", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const response = await page.goto("/no-such-page/here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Only Chromium's own note of the 404 status: the page runs no script that could log anything.
  expect(errors.filter((text) => !/status of 404/.test(text))).toEqual([]);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the server logs every path it answers 404 for, and no page it finds", async () => {
  const server = await startOwnServer();
  try {
    for (const path of ["/no-such-page/here", "/blog/no-such-article"]) {
      const response = await fetch(`${server.baseURL}${path}`);
      await response.body?.cancel();
      expect(response.status, path).toBe(404);
    }
    const about = await fetch(`${server.baseURL}/about`);
    await about.body?.cancel();
    expect(about.status).toBe(200);
    await expect
      .poll(() => server.output())
      .toContain("404 Error: User attempted to access non-existent route: /blog/no-such-article");
    expect(server.output()).toContain("404 Error: User attempted to access non-existent route: /no-such-page/here");
    expect(server.output()).not.toContain("/about");
  } finally {
    await server.stop();
  }
});
