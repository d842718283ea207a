import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferHydration, deferHydrationStream, hydrationTriggers } from "./defer-hydration";
import { hydratedEvent } from "./hydration-signal";

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

  type FakeLink = { rel: string; href: string; onload?: () => void; onerror?: () => void };
  type Listener = (event: { target: unknown }) => void;

  /** A button of the page: `presses` counts the clicks replayed on it. */
  function fakeButton(matches: boolean) {
    const button = { presses: 0, closest: () => (matches ? button : null), click: () => button.presses++ };
    return button;
  }

  /** Runs the rewritten script against a fake browser that reports paints and a timer we step by hand. */
  function runInFakeBrowser({
    paintTiming,
    sheet,
    search = "",
    atOnce = false,
  }: { paintTiming: boolean; sheet?: string; search?: string; atOnce?: boolean }) {
    const script = /<script[^>]*>([^]*)<\/script>/.exec(deferHydration(page, { atOnce }))![1]!;
    const browser = {
      imported: [] as string[],
      preloaded: [] as string[],
      prefetched: [] as string[],
      stylesheets: [] as FakeLink[],
      window: {} as Record<string, unknown>,
      listeners: new Map<string, Set<Listener>>(),
      documentListeners: new Map<string, Set<() => void>>(),
      paint: (_name: string) => {},
      frame: () => {},
      timers: [] as { callback: () => void; ms: number }[],
      load() {
        this.dispatch("load");
      },
      /** What the visitor does: the window's listeners for that event run. */
      dispatch(type: string, target: unknown = fakeButton(false)) {
        for (const listener of [...(this.listeners.get(type) ?? [])]) listener({ target });
      },
      /** React has hydrated the page and run its effects (app/lib/hydration-signal.ts). */
      hydrated() {
        for (const listener of [...(this.documentListeners.get(hydratedEvent) ?? [])]) listener();
      },
      /** Runs the first timer queued with no delay (the next task), then lets the imports settle. */
      async runNextTask() {
        const timer = this.timers.find((t) => t.ms === 0)!;
        this.timers = this.timers.filter((t) => t !== timer);
        timer.callback();
        await new Promise((done) => setImmediate(done));
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
        // Listeners added with { once: true }: they run once.
        addEventListener: (type: string, listener: () => void) => {
          const once = () => {
            browser.documentListeners.get(type)!.delete(once);
            listener();
          };
          browser.documentListeners.set(type, (browser.documentListeners.get(type) ?? new Set()).add(once));
        },
        head: {
          append: (link: FakeLink) =>
            link.rel === "stylesheet"
              ? browser.stylesheets.push(link)
              : (link.rel === "prefetch" ? browser.prefetched : browser.preloaded).push(link.href),
        },
      },
      { search },
      (type: string, listener: Listener) => browser.listeners.set(type, (browser.listeners.get(type) ?? new Set()).add(listener)),
      (type: string, listener: Listener) => browser.listeners.get(type)?.delete(listener),
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
  const allPreloads = ["/assets/entry.client.js", "/assets/framework.js", "/assets/root.js"];

  /** A page loaded and painted, its scripts fetched, nobody has touched it yet. */
  async function loadedPage(options: { sheet?: string; search?: string } = {}) {
    const browser = runInFakeBrowser({ paintTiming: true, ...options });
    browser.load();
    browser.paint("first-contentful-paint");
    await browser.advance(0);
    return browser;
  }

  it("after load and the first contentful paint it preloads the modules but runs none of them for a visitor who only reads", async () => {
    const browser = runInFakeBrowser({ paintTiming: true });
    browser.paint("first-contentful-paint");
    await browser.advance(0);
    expect(browser.preloaded, "nothing before load").toEqual([]);
    browser.load();
    browser.paint("first-paint");
    await browser.advance(0);
    expect(browser.preloaded, "a paint without content is not enough").toEqual([]);
    browser.paint("first-contentful-paint");
    await browser.advance(1000);
    expect(browser.preloaded).toEqual(allPreloads);
    expect(browser.imported, "fetched, not run").toEqual([]);
    expect(browser.window.__reactRouterRouteModules).toBeUndefined();
  });

  it("hydrates on the visitor's first gesture: the shared chunks, the routes and the entry in order, once", async () => {
    for (const type of hydrationTriggers) {
      const browser = await loadedPage();
      browser.dispatch(type);
      await browser.advance(0);
      expect(browser.imported, type).toEqual(inOrder);
      expect(browser.window.__reactRouterRouteModules).toEqual({
        root: { url: "/assets/root.js" },
        "routes/about": { url: "/assets/about.js" },
      });
      expect(browser.listeners.get(type)?.size ?? 0, "the listeners go once they have served").toBe(0);
      browser.dispatch("keydown");
      await browser.advance(1000);
      expect(browser.imported, "no second hydration").toEqual(inOrder);
    }
  });

  it("a gesture before the scripts were fetched hydrates as soon as they are", async () => {
    const browser = runInFakeBrowser({ paintTiming: true });
    browser.dispatch("touchstart");
    browser.load();
    await browser.advance(0);
    expect(browser.imported).toEqual([]);
    browser.paint("first-contentful-paint");
    await browser.advance(0);
    expect(browser.imported).toEqual(inOrder);
  });

  it("presses a button again once React is there if it was pressed before; other clicks are not replayed", async () => {
    const menuButton = fakeButton(true);
    const browser = await loadedPage();
    browser.dispatch("pointerdown");
    browser.dispatch("click", menuButton);
    expect(menuButton.presses, "not before React has hydrated").toBe(0);
    await browser.advance(0);
    expect(browser.imported).toEqual(inOrder);
    expect(menuButton.presses, "not before the page has hydrated and run its effects").toBe(0);
    browser.dispatch("click", menuButton);
    browser.hydrated();
    expect(menuButton.presses).toBe(1);
    browser.hydrated();
    expect(menuButton.presses, "once").toBe(1);

    const link = fakeButton(false);
    const other = await loadedPage();
    other.dispatch("click", link);
    await other.advance(0);
    other.hydrated();
    expect(other.imported).toEqual(inOrder);
    expect(link.presses).toBe(0);
  });

  it("evaluates each shared chunk in a task of its own, before any route module", async () => {
    const browser = await loadedPage();
    browser.dispatch("mouseover");
    await new Promise((done) => setImmediate(done));
    expect(browser.imported).toEqual(["/assets/framework.js"]);
    await browser.runNextTask();
    expect(browser.imported).toEqual(inOrder);
  });

  it("asks for the whole stylesheet and each module in a task of its own", async () => {
    const browser = runInFakeBrowser({ paintTiming: true, sheet: "/assets/site-abc.css" });
    browser.load();
    browser.paint("first-contentful-paint");
    const requested = () => [...browser.prefetched, ...browser.preloaded];
    const perTask: string[][] = [];
    while (browser.timers.some((t) => t.ms === 0)) {
      const before = requested().length;
      await browser.runNextTask();
      perTask.push(requested().slice(before));
    }
    expect(perTask.filter((files) => files.length > 0)).toEqual([["/assets/site-abc.css"], ...allPreloads.map((href) => [href])]);
  });

  it("a gesture while the modules are being asked for hydrates once, when they all have been", async () => {
    const browser = runInFakeBrowser({ paintTiming: true });
    browser.load();
    browser.paint("first-contentful-paint");
    await browser.runNextTask();
    await browser.runNextTask();
    expect(browser.preloaded).toEqual(allPreloads.slice(0, 1));
    browser.dispatch("touchstart");
    await new Promise((done) => setImmediate(done));
    expect(browser.imported).toEqual([]);
    await browser.advance(0);
    expect(browser.preloaded).toEqual(allPreloads);
    expect(browser.imported).toEqual(inOrder);
  });

  it("prefetches the whole stylesheet a prerendered page names, applies it when the page hydrates, and hydrates once it has loaded (or failed)", async () => {
    for (const outcome of ["onload", "onerror"] as const) {
      const browser = await loadedPage({ sheet: "/assets/site-abc.css" });
      expect(browser.prefetched).toEqual(["/assets/site-abc.css"]);
      expect(browser.stylesheets, "a visitor who only reads").toEqual([]);
      browser.dispatch("focusin");
      await browser.advance(0);
      expect(browser.stylesheets.map((link) => link.href)).toEqual(["/assets/site-abc.css"]);
      expect(browser.imported, "route modules load meanwhile, the entry waits").toEqual(inOrder.slice(0, 3));
      browser.stylesheets[0]![outcome]!();
      await browser.advance(0);
      expect(browser.imported, outcome).toEqual(inOrder);
    }
  });

  it("hydrates and applies the whole stylesheet at once when the URL has a query: the page may hydrate into another state", async () => {
    const browser = await loadedPage({ sheet: "/assets/site-abc.css", search: "?product=x" });
    expect(browser.listeners.get("mouseover")?.size ?? 0).toBe(0);
    expect(browser.stylesheets.map((link) => link.href)).toEqual(["/assets/site-abc.css"]);
    browser.stylesheets[0]!.onload!();
    await browser.advance(0);
    expect(browser.imported).toEqual(inOrder);
  });

  it("hydrates an error page as soon as its scripts are fetched: the 404 page's effect logs the missing path", async () => {
    const browser = runInFakeBrowser({ paintTiming: true, atOnce: true });
    expect(browser.listeners.get("mouseover")?.size ?? 0).toBe(0);
    browser.load();
    browser.paint("first-contentful-paint");
    await browser.advance(0);
    expect(browser.imported).toEqual(inOrder);
  });

  it("without paint timing it waits for the next frame; with no paint at all, a second after load", async () => {
    const withoutPaintTiming = runInFakeBrowser({ paintTiming: false });
    withoutPaintTiming.load();
    await withoutPaintTiming.advance(0);
    expect(withoutPaintTiming.preloaded).toEqual([]);
    withoutPaintTiming.frame();
    await withoutPaintTiming.advance(0);
    expect(withoutPaintTiming.preloaded).toEqual(allPreloads);

    const neverPainted = runInFakeBrowser({ paintTiming: true });
    neverPainted.load();
    await neverPainted.advance(999);
    expect(neverPainted.preloaded).toEqual([]);
    await neverPainted.advance(1000);
    expect(neverPainted.preloaded).toEqual(allPreloads);
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
