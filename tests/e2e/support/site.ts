import { existsSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { resolve } from "node:path";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";

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

/** A path no route claims: the 404 page. */
export const notFoundPath = "/no-such-page-here";

/** Every page a visitor can land on: the sitemap's routes and the 404 page. */
export function allPages(): string[] {
  return [...sitemapRoutes(), notFoundPath];
}

/** In the page: whether React has hydrated the document. */
const reactHasHydrated = () => Object.keys(document).some((key) => key.startsWith("__reactContainer$"));

export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(reactHasHydrated);
}

/**
 * Point at the page as a visitor would, and wait until React has hydrated it: pages hydrate on the
 * visitor's first gesture (app/lib/defer-hydration.ts). Two moves, so the pointer enters an element
 * even where a previous page left it.
 */
export async function waitForHydration(page: Page) {
  await page.mouse.move(2, 2);
  await page.mouse.move(1, 1);
  await page.waitForFunction(reactHasHydrated);
}

/**
 * A new page whose entry module is held back until `release()`, so React cannot hydrate it before then;
 * not the fixture's page, whose `goto` hydrates the page.
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
      for (let i = 0; i < res.rawHeaders.length; i += 2) headerBytes += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => done({ status: res.statusCode ?? 0, bytes, headerBytes, encoding: res.headers["content-encoding"] }));
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
