import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";

export const clientDir = resolve("build/client");

/**
 * Every public route, read from the sitemap the build wrote (build/client/sitemap.xml: the file the
 * server sends for /sitemap.xml, which `serving.spec.ts` checks). Read when the specs are collected,
 * so each route gets tests of its own and new pages are covered as soon as they are in the sitemap.
 */
export function sitemapRoutes(): string[] {
  const file = resolve(clientDir, "sitemap.xml");
  if (!existsSync(file)) throw new Error("No build/client/sitemap.xml: run `npm run build` before the browser tests.");
  return sitemapPaths(readFileSync(file, "utf8"));
}

export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!.trim()).pathname);
}

/**
 * The whole stylesheet as Vite compiled it from app/app.css: the file a page that hydrates links
 * (app/entry.client.tsx). Every page carries in its inline <style id="site-css"> the part of it its own
 * markup uses (scripts/critical-css.ts); the 404 page, rendered by the server, all of it.
 */
export function wholeStylesheet(): { href: string; css: string } {
  const names = readdirSync(resolve(clientDir, "assets")).filter((name) => /^app-[\w-]+\.css$/.test(name));
  if (names.length !== 1) throw new Error(`Expected one build/client/assets/app-*.css, found ${names.length}`);
  return { href: `/assets/${names[0]}`, css: readFileSync(resolve(clientDir, "assets", names[0]!), "utf8") };
}

/** The inline stylesheet of a page's HTML (its text may hold a "<", as in @property's `syntax: "<length>"`). */
export const inlineStylesheet = (html: string) => /<style id="site-css">([\s\S]*?)<\/style>/.exec(html)?.[1];

/** A path no route claims: the 404 page. */
export const notFoundPath = "/no-such-page-here";

/**
 * One item's brand studio, standing for all of them: every item has one, prerendered like its page
 * but left out of the sitemap (app/public-paths.server.ts).
 */
export const studioPage = "/portfolio/onset-pen/studio";

/** Every page a visitor can land on: the sitemap's routes, a brand studio and the 404 page. */
export function allPages(): string[] {
  return [...sitemapRoutes(), studioPage, notFoundPath];
}

/**
 * One page of each template, and of each kind of category page: what the suite checks page by page (a
 * page shares its template's markup, styles and scripts; the content differs). `npm run bench` runs the
 * same checks on every page (PAGES=all).
 */
export const pageTemplates = {
  home: "/",
  "content page": "/about",
  "category page with a product list": "/products/pens",
  "category page with options and specifications": "/products/paper-chit-pads",
  "category page of print options": "/products/clocks",
  "blog list": "/blog",
  "blog article": "/blog/quality-standards-pharma-promotional-items",
  "item page": "/portfolio/naprox-pen-blue",
  "brand studio": studioPage,
  portfolio: "/portfolio",
  contact: "/contact",
  "404 page": notFoundPath,
} as const;

/** The pages the per-page checks visit: one per template, or every page when PAGES=all (the bench). */
export function pagesToCheck(): { name: string; path: string }[] {
  if (process.env.PAGES === "all") return allPages().map((path) => ({ name: path, path }));
  return Object.entries(pageTemplates).map(([name, path]) => ({ name, path }));
}

/**
 * Whether a page runs React, read from its HTML: its route's handle asks to hydrate (app/lib/route-handle.ts),
 * and only then does the page carry a module script. Every other page is its HTML alone.
 */
export const hasModuleScript = (html: string) => /<script\b[^>]*\btype="module"/.test(html);

/** In the page: whether React has hydrated the document. */
const reactHasHydrated = () => Object.keys(document).some((key) => key.startsWith("__reactContainer$"));

export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(reactHasHydrated);
}

/**
 * On a page that runs React (it has a module script), wait until React has hydrated it, which it does
 * by itself as soon as its modules have loaded; a page without one has nothing to wait for.
 */
export async function waitForHydration(page: Page) {
  if (await page.locator('script[type="module"]').count()) await page.waitForFunction(reactHasHydrated);
}

/**
 * A new page whose entry module is held back until `release()`, so React cannot hydrate it before then;
 * not the fixture's page, whose `goto` waits for hydration.
 */
export async function pageWithEntryHeld(context: BrowserContext): Promise<{ page: Page; release: () => void }> {
  const page = await context.newPage();
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { page, release };
}

/** The expanded state the browser exposes for the menu button, read from its accessibility tree. */
export async function menuButtonExpanded(page: Page): Promise<boolean | undefined> {
  // A popover's invoker exposes it natively, with no aria-expanded attribute for Playwright to read.
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", {
      nodeId: root.nodeId,
      selector: 'button[popovertarget="site-menu"]',
    });
    expect(nodeId, "the menu button").toBeGreaterThan(0);
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    const value = nodes[0]?.properties?.find((property) => property.name === "expanded")?.value.value;
    return value === undefined ? undefined : Boolean(value);
  } finally {
    await cdp.detach();
  }
}

/** Marks the document in the page: a later document navigation leaves the mark behind. */
export const sameDocumentMark = (page: Page) =>
  page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
export const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** Read down to a link as a visitor does, a turn of the wheel at a time, drawing every card on the way. */
export async function scrollDownTo(page: Page, link: Locator) {
  const shown = () => link.evaluate((element) => element.getBoundingClientRect().bottom < window.innerHeight);
  for (let turns = 0; turns < 60 && !(await shown()); turns++) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(50);
  }
  expect(await shown()).toBe(true);
}

/**
 * The raw bytes the server sends for a URL with the given Accept-Encoding: `bytes` is the body, still
 * encoded; `headerBytes` the status line and headers as they went over the wire.
 */
export function transferSize(
  url: string,
  acceptEncoding = "br, gzip",
): Promise<{ status: number; bytes: number; headerBytes: number; encoding?: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      let bytes = 0;
      const statusLine = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`;
      let headerBytes = Buffer.byteLength(statusLine) + 2;
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        headerBytes += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () =>
        done({ status: res.statusCode ?? 0, bytes, headerBytes, encoding: res.headers["content-encoding"] }),
      );
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}

export async function getText(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  return { status: response.status(), text: await response.text(), headers: response.headers() };
}

/**
 * A production server of its own (`node server.js` on the build, as playwright.config.ts starts the
 * suite's), for what the suite's server cannot show: what it writes to its console, or settings such as
 * a low rate limit. Its quote requests go to a folder of its own, removed by `stop()`.
 * With `processGroup`, it leads a process group of its own, with the processes it starts (Litestream):
 * `killGroup()` ends them all at once with SIGKILL, as the machine dying would.
 */
export async function startOwnServer(env: Record<string, string> = {}, { processGroup = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "promo-e2e-own-"));
  // Port 0: the server takes a port the system chooses and names it, so no other test's server can take
  // it between a port being chosen and the server listening.
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: processGroup,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`The server did not start:\n${output}`)), 30_000);
    child.stdout.on("data", () => {
      const announced = /Site ready on http:\/\/[^:]+:(\d+)/.exec(output);
      if (announced) {
        clearTimeout(timer);
        ready(Number(announced[1]));
      }
    });
    child.on("exit", (code) => fail(new Error(`The server exited with ${code}:\n${output}`)));
  });
  return {
    baseURL: `http://127.0.0.1:${port}`,
    /** Its process id (to read its memory) and the folder its store is in (for its staff command). */
    pid: child.pid!,
    dataDir: env.DATA_DIR ?? dataDir,
    output: () => output,
    /** SIGKILL to the whole process group (only with `processGroup`), once the server has exited. */
    killGroup: async () => {
      if (!processGroup) throw new Error("killGroup needs a server started with processGroup");
      const exited = child.exitCode === null ? new Promise((done) => child.on("exit", done)) : null;
      process.kill(-child.pid!, "SIGKILL");
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.on("exit", done));
        if (processGroup) process.kill(-child.pid!, "SIGTERM");
        else child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
