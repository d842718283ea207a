import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Every page is complete HTML; hydration can wait until the page has loaded. React Router's HTML
 * asks for its JavaScript at once (`<link rel="modulepreload">` and a module script with static
 * imports), so on a slow phone connection ~100 KB of scripts compete with the page's font, images
 * and first paint, and Lighthouse counts them into the Largest Contentful Paint. This rewrites the
 * page so the same scripts are requested only after the `load` event and the first contentful paint:
 * the module preloads are added then, the route modules become dynamic imports, and the entry module is
 * imported after them, as before. Pages whose scripts don't have the expected shape are left untouched.
 *
 * Two more things keep a phone's main thread free while the page loads:
 * - The shared chunks (the framework, the site frame, …) are evaluated one at a time, each in a task of
 *   its own, before the routes and the entry: a single task evaluating them all would block input for
 *   longer than a frame.
 * - A prerendered page carries only its own CSS rules (scripts/critical-css.ts). The whole stylesheet
 *   it names, for what only appears later (a menu, a dialog, a tooltip, the next page), is fetched
 *   before hydration but applies to print only until the visitor first clicks, types, focuses or
 *   points at something, or at once when the URL has a query (the page may hydrate into another
 *   state then). Applying it makes the browser restyle the whole page, so a visitor who only reads
 *   never pays for it. Its rules for this page are the same as the page's own, so nothing moves.
 */
// React Router's module script; prerendered pages write `type` first, server-rendered ones `nonce`.
const moduleScript = /<script(?=[^>]*\stype="module")(?=[^>]*\sasync="")([^>]*)>([^]*?)<\/script>/;
const routeImport = /import \* as (\w+) from "([^"]+)";\n?/g;
const entryImport = /import\("([^"]+)"\);\s*$/;

/** What makes the whole stylesheet apply: the first sign that the visitor is about to see more than this page. */
const wholeSheetTriggers = ["click", "keydown", "focusin", "mouseover", "popstate"] as const;

export function deferHydration(html: string): string {
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
  const rest = compactManifest(script[2]!.replace(routeImport, ""));
  const names = routeImports.map(([, name]) => name).join(",");
  const loads = routeUrls.map((url) => `import(${JSON.stringify(url)})`).join(",");
  const body =
    // The whole stylesheet: print-only until wanted.
    `let sheet,sheetWanted=location.search!=="";` +
    `const triggers=${JSON.stringify(wholeSheetTriggers)};` +
    `const applySheet=()=>{sheetWanted=true;if(sheet)sheet.media="all";for(const type of triggers)removeEventListener(type,applySheet,true)};` +
    `if(!sheetWanted)for(const type of triggers)addEventListener(type,applySheet,{capture:true,passive:true});` +
    `const hydrate=async()=>{` +
    `const href=document.getElementById("site-css")?.dataset.href;` +
    `const styled=href&&new Promise((done)=>{sheet=document.createElement("link");sheet.rel="stylesheet";sheet.media=sheetWanted?"all":"print";sheet.href=href;sheet.onload=sheet.onerror=done;document.head.append(sheet)});` +
    `for(const href of ${JSON.stringify(preloads)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}` +
    `for(const href of ${JSON.stringify(sharedChunks)}){await import(href);await new Promise((next)=>setTimeout(next))}` +
    `const [,${names}]=await Promise.all([styled,${loads}]);${rest}};` +
    // After load, wait for the first contentful paint before any script is fetched or run (a frame
    // where paint timing is unknown; a second at most, for a page loaded in a background tab).
    `let started=false;const go=()=>{if(!started){started=true;setTimeout(hydrate)}};` +
    `const start=()=>{setTimeout(go,1000);` +
    `PerformanceObserver.supportedEntryTypes?.includes("paint")` +
    `?new PerformanceObserver((list)=>{if(list.getEntriesByName("first-contentful-paint").length)go()}).observe({type:"paint",buffered:true})` +
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
export function deferHydrationStream(): Transform {
  const decoder = new StringDecoder("utf8");
  let html = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      html += decoder.write(chunk);
      callback();
    },
    flush(callback) {
      callback(null, deferHydration(html + decoder.end()));
    },
  });
}
