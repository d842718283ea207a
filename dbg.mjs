import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: true });
for (const path of ["/blog", "/portfolio", "/products/shirts", "/"]) {
  for (const variant of ["as is", "no text-wrap", "no svg icons", "no images"]) {
    const page = await context.newPage();
    await page.route(/\.js$/, (r) => r.abort());
    await page.goto("http://127.0.0.1:4100" + path);
    const ms = await page.evaluate((variant) => {
      const s = document.createElement("style");
      if (variant === "no text-wrap") s.textContent = "*{text-wrap:wrap!important}";
      if (variant === "no svg icons") s.textContent = "svg{display:none!important}";
      if (variant === "no images") s.textContent = "img{display:none!important}";
      document.head.append(s);
      document.body.offsetHeight;
      const t = performance.now();
      for (let i = 0; i < 20; i++) { document.documentElement.style.width = (i % 2 ? 411 : 410) + "px"; document.body.offsetHeight; }
      return (performance.now() - t) / 20;
    }, variant);
    console.log(path, variant, ms.toFixed(2), "ms per layout");
    await page.close();
  }
}
await browser.close();
