import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { hydratedEvent } from "./hydration-signal";

/**
 * Every page is complete HTML: links, the anchors and the quote form work without JavaScript, so
 * React need not run until the visitor does something. React Router's HTML asks for its JavaScript at
 * once (`<link rel="modulepreload">` and a module script with static imports), so on a slow phone
 * connection ~100 KB of scripts compete with the page's font, images and first paint, and evaluating
 * React and hydrating the page keeps a phone's main thread busy while the page is still being read.
 * This rewrites the page so that:
 * - the same scripts are fetched (preloaded, not run) only after the `load` event and the first
 *   contentful paint;
 * - they are evaluated and the page hydrates on the visitor's first gesture: a touch, a pointer over the
 *   page, a key, a focus, a wheel or a click (assistive technology may send a click alone). A visitor
 *   who only reads never pays for it; one who touches the screen to scroll has the page hydrated before
 *   the next tap. With a query in the URL it hydrates at once, because the page may hydrate into
 *   another state than the HTML shows; so does an error page, whose effects must run (the 404 page
 *   logs the missing path);
 * - a button pressed before React is there (the menu, a portfolio card) is pressed again once the page
 *   has hydrated (app/lib/hydration-signal.ts);
 * - the shared chunks (the framework, the site frame, …) are evaluated one at a time, each in a task of
 *   its own, before the routes and the entry: a single task evaluating them all would block input for
 *   longer than a frame.
 * A prerendered page carries only its own CSS rules (scripts/critical-css.ts). The whole stylesheet it
 * names, for what only appears later (a menu, a dialog, a tooltip, the next page), is prefetched with
 * the scripts and applied when the page hydrates: parsing it and restyling the page with it is work a
 * reader need not pay for. Its rules for this page are the same as the page's own, so nothing moves.
 * Pages whose scripts don't have the expected shape are left untouched.
 */
// React Router's module script; prerendered pages write `type` first, server-rendered ones `nonce`.
const moduleScript = /<script(?=[^>]*\stype="module")(?=[^>]*\sasync="")([^>]*)>([^]*?)<\/script>/;
const routeImport = /import \* as (\w+) from "([^"]+)";\n?/g;
const entryImport = /import\("([^"]+)"\);\s*$/;

/** The first signs that the visitor is about to do more than read: React and the whole stylesheet are wanted. */
export const hydrationTriggers = ["pointerdown", "touchstart", "mouseover", "wheel", "keydown", "focusin", "click"] as const;

/** `atOnce`: hydrate as soon as the scripts are fetched, without waiting for a gesture (error pages). */
export function deferHydration(html: string, { atOnce = false } = {}): string {
  const script = moduleScript.exec(html);
  const entry = script && entryImport.exec(script[2]!)?.[1];
  if (!script || !entry) return html;

  const preloads: string[] = [];
  const withoutPreloads = html.replace(/<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*\/>/g, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });

  const routeImports = [...script[2]!.matchAll(routeImport)];
  const routeUrls = routeImports.map(([, , url]) => url!);
  const sharedChunks = preloads.filter((href) => href !== entry && !routeUrls.includes(href));
  const manifest = compactManifest(script[2]!.replace(routeImport, "").replace(entryImport, ""));
  const names = routeImports.map(([, name]) => name).join(",");
  const loads = routeUrls.map((url) => `import(${JSON.stringify(url)})`).join(",");
  // Terse on purpose: this script is in every page, and every page must fit one round trip.
  const body =
    `let fetched,pressed,wanted=${atOnce}||location.search!=="";` +
    `const sheet=document.getElementById("site-css")?.dataset.href,triggers=${JSON.stringify(hydrationTriggers)};` +
    `const want=()=>{wanted=1;for(const type of triggers)removeEventListener(type,want,true);fetched&&hydrate()};` +
    `wanted||triggers.map((type)=>addEventListener(type,want,{capture:true,passive:true}));` +
    // A button does nothing without React (a submit button posts its form, and the page goes).
    `const press=(event)=>{pressed=event.target.closest?.("button")||pressed};` +
    `addEventListener("click",press,true);` +
    `const link=(rel,href)=>{const link=document.createElement("link");link.rel=rel;link.href=href;document.head.append(link);return link};` +
    `const nextTask=()=>new Promise((next)=>setTimeout(next));` +
    // Fetch the whole stylesheet and the modules without applying or running them, a request a task:
    // starting them all in one task took ~13 ms here, ~50 ms on the phone Lighthouse emulates.
    `const fetchAll=async()=>{sheet&&link("prefetch",sheet);` +
    `for(const href of ${JSON.stringify(preloads)}){await nextTask();link("modulepreload",href)}` +
    `fetched=1;wanted&&hydrate()};` +
    // Runs once: when the scripts are fetched if wanted by then, else when first wanted.
    `const hydrate=async()=>{` +
    `const styled=sheet&&new Promise((done)=>{const applied=link("stylesheet",sheet);applied.onload=applied.onerror=done});` +
    `for(const href of ${JSON.stringify(sharedChunks)}){await import(href);await nextTask()}` +
    `const [,${names}]=await Promise.all([styled,${loads}]);${manifest}` +
    `await import(${JSON.stringify(entry)});removeEventListener("click",press,true);` +
    `pressed&&document.addEventListener(${JSON.stringify(hydratedEvent)},()=>pressed.click(),{once:true})};` +
    // After load, wait for the first contentful paint before any script is fetched (a frame where
    // paint timing is unknown; a second at most, for a page loaded in a background tab).
    `let started;const go=()=>{started||setTimeout(fetchAll);started=1};` +
    `const start=()=>{setTimeout(go,1000);` +
    `PerformanceObserver.supportedEntryTypes?.includes("paint")` +
    `?new PerformanceObserver((list)=>{list.getEntriesByName("first-contentful-paint").length&&go()}).observe({type:"paint",buffered:true})` +
    `:requestAnimationFrame(go)};` +
    `document.readyState==="complete"?start():addEventListener("load",start,{once:true});`;

  const rewritten = `<script${script[1]}>${body}</script>`;
  return withoutPreloads.replace(moduleScript, () => rewritten);
}

/** React Router writes its route manifest as indented JSON: the same object on one line is ~700 bytes less. */
function compactManifest(code: string): string {
  return code.replace(/(window\.__reactRouterManifest = )(\{[^]*?\n\});/, (whole, assignment: string, json: string) => {
    try {
      return `${assignment}${JSON.stringify(JSON.parse(json))};`;
    } catch {
      return whole;
    }
  });
}

/** The same for a server-rendered response: the page is collected whole (it is small), then rewritten. */
export function deferHydrationStream(options: { atOnce?: boolean } = {}): Transform {
  const decoder = new StringDecoder("utf8");
  let html = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      html += decoder.write(chunk);
      callback();
    },
    flush(callback) {
      callback(null, deferHydration(html + decoder.end(), options));
    },
  });
}
