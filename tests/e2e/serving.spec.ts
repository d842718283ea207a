import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { Agent, get } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { join, relative } from "node:path";
import { expect, test } from "./support/test";
import {
  clientDir,
  getText,
  hasModuleScript,
  inlineStylesheet,
  notFoundPath,
  pagesToCheck,
  sitemapPaths,
  sitemapRoutes,
  startOwnServer,
  wholeStylesheet,
} from "./support/site";

const routes = sitemapRoutes();

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

function expectSecurityHeaders(headers: Record<string, string>, where: string) {
  const csp = headers["content-security-policy"] ?? "";
  const scriptSrc =
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src")) ?? "";
  expect(scriptSrc, `${where}: script-src`).toMatch(/^script-src 'self'/);
  expect(scriptSrc, `${where}: script-src`).not.toContain("unsafe-inline");
  expect(scriptSrc, `${where}: script-src`).not.toContain("unsafe-eval");
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("object-src 'none'");
  expect(headers["strict-transport-security"], where).toMatch(/max-age=\d{8,}/);
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], where).toContain("camera=()");
  expect(headers["x-powered-by"], where).toBeUndefined();
}

test("the sitemap the server sends lists the same routes as the build's sitemap file", async ({ request }) => {
  const { text } = await getText(request, "/sitemap.xml");
  expect(sitemapPaths(text)).toEqual(routes);
  expect(routes.length).toBeGreaterThan(0);
});

for (const { path } of pagesToCheck()) {
  test(`${path}: HTML is revalidated, precompressed and sent with the security headers`, async ({ request }) => {
    const expectedStatus = path === notFoundPath ? 404 : 200;
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const response = await request.get(path, { headers: { "accept-encoding": accept } });
      expect(response.status(), `${path} (${accept})`).toBe(expectedStatus);
      const headers = response.headers();
      expect(headers["content-type"]).toContain("text/html");
      expect(headers["content-encoding"], `${path} with Accept-Encoding: ${accept}`).toBe(encoding);
      expect(headers.vary ?? "", path).toMatch(/accept-encoding/i);
      expectSecurityHeaders(headers, path);
      // Every inline script in the page is allowed by a hash or by the response's nonce.
      const html = await response.text();
      const csp = headers["content-security-policy"]!;
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      const inline = [
        ...html.matchAll(/(<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>)([\s\S]*?)<\/script>/g),
      ];
      // The menu's on every page; React Router's on the pages that hydrate (hydration.spec.ts).
      expect(inline.length, `${path} has inline scripts`).toBeGreaterThan(hasModuleScript(html) ? 1 : 0);
      for (const [, tag = "", body = ""] of inline) {
        if (nonce && tag.includes(`nonce="${nonce}"`)) continue;
        const hash = createHash("sha256").update(body).digest("base64");
        expect(csp, `${path}: ${tag} is allowed by its hash`).toContain(`'sha256-${hash}'`);
      }
      expect(html).not.toMatch(/sourceMappingURL/);
      // The stylesheet is in the page: nothing blocks the first paint for another round trip. A
      // prerendered page carries the rules its own markup uses; the 404 page, rendered by the server, the
      // whole sheet.
      const inlineCss = inlineStylesheet(html);
      expect(inlineCss, `${path} carries its stylesheet`).toBeDefined();
      expect(inlineCss!.length, `${path} carries its stylesheet`).toBeGreaterThan(10_000);
      if (path === notFoundPath) expect(inlineCss!.trim(), "the whole sheet").toBe(wholeStylesheet().css.trim());
      else
        expect(inlineCss!.length, `${path} carries only its own rules`).toBeLessThan(
          wholeStylesheet().css.length * 0.8,
        );
      expect(html, `${path} links no stylesheet`).not.toMatch(/<link[^>]*rel="stylesheet"/);
    }
    if (expectedStatus === 200) {
      const first = await request.get(path);
      expect(first.headers()["cache-control"]).toBe("no-cache");
      const etag = first.headers().etag;
      expect(etag, `${path} has an ETag`).toBeTruthy();
      // The ETag alone revalidates: a page's headers count towards its first round trip.
      expect(first.headers()["last-modified"], path).toBeUndefined();
      const again = await request.get(path, { headers: { "if-none-match": etag! } });
      expect(again.status(), `${path} revalidates to 304`).toBe(304);
    }
  });
}

test("hashed assets are cached for a year, immutable, and compressed by the client's choice", async ({ request }) => {
  const html = await (await request.get("/contact")).text();
  // The modules of a page that hydrates, and the whole stylesheet its entry adds.
  const assets = [
    ...new Set([...html.matchAll(/["(](\/assets\/[^")]+)[")]/g)].map((m) => m[1]!)),
    wholeStylesheet().href,
  ];
  expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
  for (const asset of assets) {
    const response = await request.get(asset, { headers: { "accept-encoding": "br" } });
    expect(response.status(), asset).toBe(200);
    expect(response.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
    // Never sniffed as something else, never loaded by another site; the headers only a document acts on
    // (its policy, permissions, referrer policy, HSTS) are left to the pages.
    expect(response.headers()["x-content-type-options"], asset).toBe("nosniff");
    expect(response.headers()["cross-origin-resource-policy"], asset).toBe("same-origin");
    for (const header of [
      "content-security-policy",
      "permissions-policy",
      "referrer-policy",
      "strict-transport-security",
    ])
      expect(response.headers()[header], `${asset}: ${header}`).toBeUndefined();
    expect(response.headers()["x-powered-by"], asset).toBeUndefined();
    // A file that never changes needs no validators: fewer header bytes on every asset request.
    expect(response.headers().etag, asset).toBeUndefined();
    expect(response.headers()["last-modified"], asset).toBeUndefined();
    // A file of a few bytes (a module that only names the stylesheet) is sent whole: no copy is smaller.
    if (/\.(js|css)$/.test(asset) && statSync(join(clientDir, asset)).size > 1024) {
      expect(response.headers()["content-encoding"], asset).toBe("br");
      expect(response.headers().vary, asset).toMatch(/accept-encoding/i);
      const gzip = await request.get(asset, { headers: { "accept-encoding": "gzip" } });
      expect(gzip.headers()["content-encoding"], asset).toBe("gzip");
      // The body decodes to the file the build wrote.
      expect(await gzip.text()).toBe(readFileSync(join(clientDir, asset), "utf8"));
    }
  }
});

test("pictures are Vite's assets: named by their content's hash, cached a year, sent compressed", async ({
  request,
}) => {
  const sources = new Set<string>();
  for (const path of ["/", "/portfolio", "/products/pens", "/case-studies"]) {
    const html = await (await request.get(path)).text();
    for (const [, src] of html.matchAll(/<img [^>]*src="([^"]+)"/g)) sources.add(src!);
  }
  expect(sources.size).toBeGreaterThan(10);
  for (const src of sources) expect(src).toMatch(/^\/assets\/[\w-]+-[\w-]{8}\.svg$/);

  for (const src of [...sources].slice(0, 6)) {
    const response = await request.get(src, { headers: { "accept-encoding": "br" } });
    expect(response.status(), src).toBe(200);
    expect(response.headers()["content-type"], src).toMatch(/^image\/svg\+xml/);
    // An SVG opened on its own is a document: it keeps a policy that lets it run nothing.
    expect(response.headers()["content-security-policy"], src).toContain("default-src 'none'");
    expect(response.headers()["cache-control"], src).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"], src).toBe("br");
  }
});

test("a page that only shows content fetches no stylesheet; a page that hydrates keeps its own rules and adds the whole sheet once", async ({
  page,
}) => {
  const { href } = wholeStylesheet();
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet" || new URL(request.url()).pathname.endsWith(".css"))
      stylesheets.push(new URL(request.url()).pathname);
  });
  const styled = () =>
    page.evaluate(() => ({
      sheets: document.querySelectorAll("style#site-css").length,
      length: document.getElementById("site-css")?.textContent?.length ?? 0,
    }));

  await page.goto("/about");
  await page.waitForLoadState("networkidle");
  expect(stylesheets).toEqual([]);

  const served = inlineStylesheet(await (await page.request.get("/contact")).text())!;
  await page.goto("/contact"); // the fixture's goto waits for hydration
  await page.waitForLoadState("networkidle");
  expect(stylesheets).toEqual([href]);
  const links = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.getAttribute("href")),
  );
  expect(links).toEqual([href]);
  // React leaves the page's own rules where they were.
  expect(await styled()).toMatchObject({ sheets: 1, length: served.length });
  expect(
    await page.evaluate(
      (href) => [...document.styleSheets].some((sheet) => sheet.href?.endsWith(href) && sheet.cssRules.length > 0),
      href,
    ),
  ).toBe(true);
});

test.describe("the quote action answers every post with its status and the page showing the result", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const posted = { "content-type": "application/x-www-form-urlencoded" };
  const buyer = () => ({
    name: "Ayesha Khan",
    email: `post-${randomUUID()}@acme.example`,
    message: "500 pens",
    idempotencyKey: randomUUID(),
    page: "/contact",
    website: "",
  });

  test("a valid request: 200, the notice that stays with its reference, never cached", async ({ request }) => {
    const response = await request.post("/contact", { headers: posted, data: form(buyer()) });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    expect(response.headers()["cache-control"]).toBe("no-store");
    expectSecurityHeaders(response.headers(), "POST /contact");
    const html = await response.text();
    expect(html).toContain("Quote Request Submitted!");
    expect(html).toContain("We&#x27;ll get back to you within 24 hours.");
    expect(html).toMatch(/Your reference:.*Q-\d{4}-\d{4}/s);
    // When the answer is due, in business hours and Pakistan time.
    expect(html).toMatch(/We&#x27;ll answer by (Mon|Tues|Wednes|Thurs|Fri)day [^<]*\d\d:\d\d PKT\./);
  });

  test("a body that is not a form: 415; one too large: 413; each with its message", async ({ request }) => {
    const notForm = await request.post("/contact", {
      headers: { "content-type": "application/json" },
      data: JSON.stringify(buyer()),
    });
    expect(notForm.status()).toBe(415);
    expect(await notForm.text()).toContain("Unsupported content type");
    const tooLarge = await request.post("/contact", {
      headers: posted,
      data: form({ ...buyer(), message: "x".repeat(70 * 1024) }),
    });
    expect(tooLarge.status()).toBe(413);
    expect(await tooLarge.text()).toContain("Request too large");
  });

  test("a request missing its required fields: 400 and the contact page with the notice", async ({ request }) => {
    const response = await request.post("/contact", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: form({ ...buyer(), name: " " }),
    });
    expect(response.status()).toBe(400);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("Missing Information");
    // The page's form posts again to /contact, as multipart so that a logo can go with it.
    const formTag = html.match(/<form[^>]*>/)?.[0] ?? "";
    expect(formTag).toMatch(/ action="\/contact(#[\w-]+)?"/);
    expect(formTag).toMatch(/ method="post"/);
    expect(formTag).toMatch(/ enctype="multipart\/form-data"/i); // attribute names are case-insensitive
  });

  test("over the rate limit: 429 with Retry-After, on the page", async () => {
    const server = await startOwnServer({ QUOTE_RATE_LIMIT: "1" });
    try {
      const post = () => fetch(`${server.baseURL}/contact`, { method: "POST", headers: posted, body: form(buyer()) });
      const first = await post();
      await first.body?.cancel();
      expect(first.status).toBe(200);
      const page = await post();
      await page.body?.cancel();
      expect(page.status).toBe(429);
      expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(page.headers.get("content-type")).toContain("text/html");
    } finally {
      await server.stop();
    }
  });

  test("/api/quote, the old JSON endpoint, is gone", async ({ request }) => {
    expect((await request.get("/api/quote")).status()).toBe(404);
    const posted = await request.post("/api/quote", {
      headers: { "content-type": "application/json" },
      data: JSON.stringify(buyer()),
    });
    expect(posted.status()).toBe(404);
  });
});

test("one trailing-slash policy: /about/ redirects once to /about, the query kept", async ({ request }) => {
  const response = await request.get("/about/?ref=x", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/about?ref=x");
  expectSecurityHeaders(response.headers(), "/about/");
  expect((await request.get("/about", { maxRedirects: 0 })).status()).toBe(200);
});

test("an idle connection stays open longer than a proxy's 60 s, so a reused one is never reset under it", async ({
  baseURL,
}) => {
  // A proxy or client reads the server's idle limit from Keep-Alive and closes its side first.
  const keepAlive = await new Promise<string>((resolve, reject) =>
    get(new URL("/robots.txt", baseURL), { agent: new Agent({ keepAlive: true }) }, (response) => {
      response.resume();
      resolve(String(response.headers["keep-alive"]));
    }).on("error", reject),
  );
  expect(Number(/timeout=(\d+)/.exec(keepAlive)?.[1])).toBeGreaterThan(60);
});

test("a server told to stop ends, its idle connections closed, even while a client leaves an answer unread", async () => {
  const server = await startOwnServer();
  const unread = await fetch(`${server.baseURL}/no-such-page-here`); // a 404 page, never read
  expect(unread.status).toBe(404);
  const idle = await fetch(`${server.baseURL}/robots.txt`);
  await idle.text();
  // Stopping waits for the process to exit: answers under way get a grace period, not the 65 s an
  // idle connection may live, so this ends well within the test's time.
  await server.stop();
});

test("a server whose port another program holds says so and stops, instead of announcing itself", async () => {
  const holder = createServer((socket) => socket.end("HTTP/1.1 401 Unauthorized\r\n\r\n"));
  await new Promise<void>((listening) => holder.listen(0, "127.0.0.1", listening));
  const { port } = holder.address() as AddressInfo;
  try {
    const start = startOwnServer({ PORT: String(port) });
    const refusal = await start.then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refusal).toMatch(/^The server exited with 1:/);
    expect(refusal).toContain(
      `Port ${port} on 127.0.0.1 is already in use: stop the program that holds it, or set PORT to another port.`,
    );
    expect(refusal).not.toContain("Site ready");
  } finally {
    await new Promise((closed) => holder.close(closed));
  }
});

test("server-rendered responses carry a fresh nonce and are compressed on the fly", async ({ request }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 2; i += 1) {
    const response = await request.get(notFoundPath, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers()["content-encoding"]).toBe("gzip");
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    nonces.add(nonce!);
  }
  expect(nonces.size).toBe(2);
});

test("no source maps in the production build and none referenced", async () => {
  const all = [...files(clientDir)];
  expect(all.filter((file) => file.endsWith(".map")).map((file) => relative(clientDir, file))).toEqual([]);
  for (const file of all.filter((f) => f.endsWith(".js") || f.endsWith(".css"))) {
    expect(readFileSync(file, "utf8"), relative(clientDir, file)).not.toMatch(/sourceMappingURL=/);
  }
});
