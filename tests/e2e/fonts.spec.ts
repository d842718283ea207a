import { expect, test } from "./support/test";
import { transferSize } from "./support/site";

// Every character of every page template is in the subset: page-templates.spec.ts.
test("Inter is self-hosted, subset, preloaded, swapped in, with a metric-matched fallback", async ({
  page,
  baseURL,
}) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(request.url());
  });
  await page.goto("/");
  await page.evaluate(() => document.fonts.ready);
  const preload = await page.locator('link[rel="preload"][as="font"]').getAttribute("href");
  expect(preload).toMatch(/^\/assets\/inter-latin-wght-subset-[\w-]+\.woff2$/);
  // The preloaded file is the one the page uses, fetched once, from this origin.
  expect(fonts).toEqual([`${baseURL}${preload}`]);
  const faces = await page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) =>
      [...sheet.cssRules]
        .filter((rule) => rule instanceof CSSFontFaceRule)
        .map((rule) => (rule as CSSFontFaceRule).style.cssText),
    ),
  );
  const inter = faces.find((face) => face.includes('"Inter Variable"'));
  expect(inter).toContain("font-display: swap");
  expect(inter).toContain("unicode-range");
  const fallback = faces.find((face) => face.includes('"Inter Fallback"'));
  for (const descriptor of ["size-adjust", "ascent-override", "descent-override", "line-gap-override"]) {
    expect(fallback, descriptor).toContain(descriptor);
  }
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toMatch(/^"Inter Variable", "Inter Fallback"/);
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
  const { bytes } = await transferSize(`${baseURL}${preload}`);
  expect(bytes / 1024, "the subset font is small").toBeLessThan(32);
});
