import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferHydration, deferHydrationStream } from "./defer-hydration";

// The shape React Router 7 writes (abridged manifest).
const page = `<head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/framework.js"/><link rel="modulepreload" href="/assets/root.js"/></head><body><p>Café</p><script type="module" async="" nonce="abc">;
import * as route0 from "/assets/root.js";
import * as route1 from "/assets/about.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/about":route1};

import("/assets/entry.client.js");</script></body>`;

describe("deferHydration", () => {
  const out = deferHydration(page);

  it("removes the module preloads from the HTML and keeps everything else", () => {
    expect(out).not.toContain('rel="modulepreload" href');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(out).toContain("<p>Café</p>");
  });

  it("asks for the same scripts only after the load event, route modules first, the entry last", () => {
    const script = /<script type="module" async="" nonce="abc">([^]*)<\/script>/.exec(out)![1]!;
    expect(script).not.toMatch(/^\s*import /m);
    expect(script).toContain('addEventListener("load"');
    expect(script).toContain('["/assets/entry.client.js","/assets/framework.js","/assets/root.js"]');
    expect(script).toContain('const [,route0,route1]=await Promise.all([styled,import("/assets/root.js"),import("/assets/about.js")])');
    expect(script.indexOf("__reactRouterRouteModules")).toBeLessThan(script.indexOf('import("/assets/entry.client.js")'));
  });

  it("rewrites a server-rendered page too, where the nonce comes first (the 404 page)", () => {
    const served = page
      .replace('<script type="module" async="" nonce="abc">', '<script nonce="abc" type="module" async="">')
      .replace(/(<link rel="modulepreload" href="[^"]+")\/>/g, '$1 nonce="abc"/>');
    const rewritten = deferHydration(served);
    expect(rewritten).not.toContain('rel="modulepreload" href');
    const script = /<script nonce="abc" type="module" async="">([^]*)<\/script>/.exec(rewritten)![1]!;
    expect(script).not.toMatch(/^\s*import /m);
    expect(script).toContain('["/assets/entry.client.js","/assets/framework.js","/assets/root.js"]');
  });

  type FakeLink = { rel: string; href: string; media?: string; onload?: () => void; onerror?: () => void };

  /** Runs the rewritten script against a fake browser that reports paints and a timer we step by hand. */
  function runInFakeBrowser({ paintTiming, sheet, search = "" }: { paintTiming: boolean; sheet?: string; search?: string }) {
    const script = /<script[^>]*>([^]*)<\/script>/.exec(deferHydration(page))![1]!;
    const browser = {
      imported: [] as string[],
      preloaded: [] as string[],
      stylesheets: [] as FakeLink[],
      window: {} as Record<string, unknown>,
      listeners: new Map<string, () => void>(),
      paint: (_name: string) => {},
      frame: () => {},
      timers: [] as { callback: () => void; ms: number }[],
      load() {
        this.listeners.get("load")?.();
      },
      /** What the visitor does: the window's listeners for that event run. */
      dispatch(type: string) {
        this.listeners.get(type)?.();
      },
      /** Runs the timers due within `ms`, then lets the imports settle, until nothing is left to run. */
      async advance(ms: number) {
        for (;;) {
          const due = this.timers.filter((t) => t.ms <= ms);
          if (due.length === 0) {
            await new Promise((done) => setImmediate(done));
            if (!this.timers.some((t) => t.ms <= ms)) return;
            continue;
          }
          this.timers = this.timers.filter((t) => !due.includes(t));
          for (const timer of due) timer.callback();
          await new Promise((done) => setImmediate(done));
        }
      },
    };
    class FakePerformanceObserver {
      static supportedEntryTypes = paintTiming ? ["paint", "resource"] : ["resource"];
      constructor(private callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {}
      observe() {
        browser.paint = (name) => this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
      }
    }
    new Function(
      "document",
      "location",
      "addEventListener",
      "removeEventListener",
      "window",
      "importModule",
      "requestAnimationFrame",
      "setTimeout",
      "PerformanceObserver",
      script.replace(/\bimport\(/g, "importModule("),
    )(
      {
        readyState: "loading",
        getElementById: (id: string) => (id === "site-css" ? { dataset: sheet ? { href: sheet } : {} } : null),
        createElement: () => ({}),
        head: {
          append: (link: FakeLink) => (link.rel === "stylesheet" ? browser.stylesheets.push(link) : browser.preloaded.push(link.href)),
        },
      },
      { search },
      (type: string, listener: () => void) => browser.listeners.set(type, listener),
      (type: string, listener: () => void) => browser.listeners.get(type) === listener && browser.listeners.delete(type),
      browser.window,
      async (url: string) => {
        browser.imported.push(url);
        return { url };
      },
      (callback: () => void) => (browser.frame = callback),
      (callback: () => void, ms = 0) => browser.timers.push({ callback, ms }),
      FakePerformanceObserver,
    );
    return browser;
  }

  const inOrder = ["/assets/framework.js", "/assets/root.js", "/assets/about.js", "/assets/entry.client.js"];

  it("runs: after load and the first contentful paint it preloads the modules, then imports the shared chunks, the routes and the entry in order", async () => {
    const browser = runInFakeBrowser({ paintTiming: true });
    browser.paint("first-contentful-paint");
    await browser.advance(0);
    expect(browser.imported, "nothing before load").toEqual([]);
    browser.load();
    browser.paint("first-paint");
    await browser.advance(0);
    expect(browser.imported, "a paint without content is not enough").toEqual([]);
    browser.paint("first-contentful-paint");
    await browser.advance(0);
    expect(browser.preloaded).toEqual(["/assets/entry.client.js", "/assets/framework.js", "/assets/root.js"]);
    expect(browser.imported).toEqual(inOrder);
    expect(browser.window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root.js" },
      "routes/about": { url: "/assets/about.js" },
    });
    // The fallback timer does not hydrate a second time.
    await browser.advance(1000);
    expect(browser.imported).toEqual(inOrder);
  });

  it("evaluates each shared chunk in a task of its own, before any route module", async () => {
    const browser = runInFakeBrowser({ paintTiming: true });
    browser.load();
    browser.paint("first-contentful-paint");
    // Step the immediate timers one at a time: the hydration start, then one task per shared chunk.
    const step = async () => {
      const timer = browser.timers.find((t) => t.ms === 0)!;
      browser.timers = browser.timers.filter((t) => t !== timer);
      timer.callback();
      await new Promise((done) => setImmediate(done));
    };
    await step();
    expect(browser.imported).toEqual(["/assets/framework.js"]);
    await step();
    expect(browser.imported).toEqual(inOrder);
  });

  it("fetches the whole stylesheet a prerendered page names for print only, and hydrates once it has loaded (or failed)", async () => {
    for (const outcome of ["onload", "onerror"] as const) {
      const browser = runInFakeBrowser({ paintTiming: true, sheet: "/assets/site-abc.css" });
      browser.load();
      browser.paint("first-contentful-paint");
      await browser.advance(0);
      expect(browser.stylesheets.map((link) => [link.href, link.media])).toEqual([["/assets/site-abc.css", "print"]]);
      expect(browser.imported, "route modules load meanwhile, the entry waits").toEqual(inOrder.slice(0, 3));
      browser.stylesheets[0]![outcome]!();
      await browser.advance(0);
      expect(browser.imported, outcome).toEqual(inOrder);
    }
  });

  it("applies the whole stylesheet on the visitor's first click, key, focus or pointer, before or after hydration", async () => {
    for (const type of ["click", "keydown", "focusin", "mouseover", "popstate"]) {
      const late = runInFakeBrowser({ paintTiming: true, sheet: "/assets/site-abc.css" });
      late.load();
      late.paint("first-contentful-paint");
      await late.advance(0);
      late.stylesheets[0]!.onload!();
      await late.advance(0);
      expect(late.stylesheets[0]!.media, "a visitor who only reads").toBe("print");
      late.dispatch(type);
      expect(late.stylesheets[0]!.media, type).toBe("all");
      expect(late.listeners.has(type), "the listeners go once they have served").toBe(false);
    }

    const early = runInFakeBrowser({ paintTiming: true, sheet: "/assets/site-abc.css" });
    early.dispatch("click");
    early.load();
    early.paint("first-contentful-paint");
    await early.advance(0);
    expect(early.stylesheets[0]!.media, "a click before hydration").toBe("all");
  });

  it("applies the whole stylesheet at once when the URL has a query: the page may hydrate into another state", async () => {
    const browser = runInFakeBrowser({ paintTiming: true, sheet: "/assets/site-abc.css", search: "?product=x" });
    expect(browser.listeners.has("click")).toBe(false);
    browser.load();
    browser.paint("first-contentful-paint");
    await browser.advance(0);
    expect(browser.stylesheets[0]!.media).toBe("all");
  });

  it("without paint timing it waits for the next frame; with no paint at all, a second after load", async () => {
    const withoutPaintTiming = runInFakeBrowser({ paintTiming: false });
    withoutPaintTiming.load();
    await withoutPaintTiming.advance(0);
    expect(withoutPaintTiming.imported).toEqual([]);
    withoutPaintTiming.frame();
    await withoutPaintTiming.advance(0);
    expect(withoutPaintTiming.imported).toEqual(inOrder);

    const neverPainted = runInFakeBrowser({ paintTiming: true });
    neverPainted.load();
    await neverPainted.advance(999);
    expect(neverPainted.imported).toEqual([]);
    await neverPainted.advance(1000);
    expect(neverPainted.imported).toEqual(inOrder);
  });

  it("writes React Router's indented route manifest on one line, the same object", () => {
    const manifest = { entry: { module: "/assets/entry.client.js", imports: ["/assets/a.js"] }, routes: { root: { id: "root", path: "" } } };
    const indented = page.replace(
      'window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client.js"}};',
      `window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};`,
    );
    const script = /<script[^>]*>([^]*)<\/script>/.exec(deferHydration(indented))![1]!;
    expect(script).toContain(`window.__reactRouterManifest = ${JSON.stringify(manifest)};`);
  });

  it("leaves a page without React Router's module script as it is", () => {
    const plain = '<link rel="modulepreload" href="/a.js"/><p>x</p>';
    expect(deferHydration(plain)).toBe(plain);
  });

  it("does the same on a stream cut anywhere, even inside a multi-byte character", async () => {
    const bytes = Buffer.from(page);
    for (const size of [1, 7, 64]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      let result = "";
      for await (const piece of Readable.from(chunks).pipe(deferHydrationStream())) result += piece;
      expect(result, `chunks of ${size}`).toBe(out);
    }
  });
});
