import { expect, test } from "./support/test";

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

  test("a link followed from the foot of a page opens the next page at its top; Back returns to the same place", async ({ page }) => {
    // A catalogue page: its far cards count as 500 px until drawn, which Back must not be misled by.
    await page.goto("/products/pens");
    const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Our Process" });
    // Read down to the foot as a visitor does, a turn of the wheel at a time, drawing every card.
    const footerLinkShown = () => footerLink.evaluate((link) => link.getBoundingClientRect().bottom < window.innerHeight);
    for (let turns = 0; turns < 60 && !(await footerLinkShown()); turns++) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(50);
    }
    expect(await footerLinkShown()).toBe(true);
    const placeOnPage = await page.evaluate(() => window.scrollY);
    expect(placeOnPage).toBeGreaterThan(1000);

    // A mark in this document: still there after the click means the site, not the browser, navigated.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await footerLink.click();
    await expect(page).toHaveURL(/\/process$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // At the top as soon as it shows, not scrolling up past the whole new page.
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/products\/pens$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(placeOnPage);
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

  test("opens and closes with the button, on Escape, and when a link is chosen", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: /menu/i });
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link")).toHaveCount(navOrder.length);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await toggle.click();
    await menu.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("has no horizontal scrolling at 360 px", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of ["/", "/about", "/contact", "/portfolio", "/does-not-exist"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
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

test("an unknown path answers 404 with the not-found page inside the frame and logs the path", async ({ context }) => {
  // Not the fixture's page, whose `goto` points at the page: the path is logged without any gesture.
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto("/no-such-page/here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect.poll(() => errors.some((text) => text.includes("/no-such-page/here"))).toBe(true);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
