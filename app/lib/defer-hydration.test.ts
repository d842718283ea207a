import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferHydration, deferHydrationStream } from "./defer-hydration";

// The shape React Router 7 writes (abridged manifest).
const page = `<head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/></head><body><p>Café</p><script type="module" async="" nonce="abc">;
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
    expect(script).toContain('["/assets/entry.client.js","/assets/root.js"]');
    expect(script).toContain('const [route0,route1]=await Promise.all([import("/assets/root.js"),import("/assets/about.js")])');
    expect(script.indexOf("__reactRouterRouteModules")).toBeLessThan(script.indexOf('import("/assets/entry.client.js")'));
  });

  it("runs: after load it preloads the modules, then imports the routes and the entry in order", async () => {
    const script = /<script[^>]*>([^]*)<\/script>/.exec(deferHydration(page))![1]!;
    const imported: string[] = [];
    const preloaded: string[] = [];
    let onLoad: (() => void) | undefined;
    const fakeWindow: Record<string, unknown> = {};
    const run = new Function(
      "document",
      "addEventListener",
      "window",
      "importModule",
      script.replace(/\bimport\(/g, "importModule("),
    );
    run(
      {
        readyState: "loading",
        createElement: () => ({}),
        head: { append: (link: { href: string }) => preloaded.push(link.href) },
      },
      (_event: string, listener: () => void) => (onLoad = listener),
      fakeWindow,
      async (url: string) => {
        imported.push(url);
        return { url };
      },
    );
    expect(imported).toEqual([]);
    onLoad!();
    await new Promise((done) => setTimeout(done, 0));
    expect(preloaded).toEqual(["/assets/entry.client.js", "/assets/root.js"]);
    expect(imported).toEqual(["/assets/root.js", "/assets/about.js", "/assets/entry.client.js"]);
    expect(fakeWindow.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root.js" },
      "routes/about": { url: "/assets/about.js" },
    });
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
