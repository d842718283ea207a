import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Every page is complete HTML; hydration can wait until the page has loaded. React Router's HTML
 * asks for its JavaScript at once (`<link rel="modulepreload">` and a module script with static
 * imports), so on a slow phone connection ~100 KB of scripts compete with the page's font, images
 * and first paint, and Lighthouse counts them into the Largest Contentful Paint. This rewrites the
 * page so the same scripts are requested only after the `load` event and the first contentful paint:
 * the module preloads are added then, the route modules become dynamic imports, and the entry module is
 * imported after them, as before. A prerendered page carries only its own CSS rules (scripts/critical-css.ts);
 * the whole stylesheet it names is linked then too, and hydration waits for it, so nothing React renders
 * later (a menu, a dialog, the next page) is unstyled. Pages whose scripts don't have the expected
 * shape are left untouched.
 */
// React Router's module script; prerendered pages write `type` first, server-rendered ones `nonce`.
const moduleScript = /<script(?=[^>]*\stype="module")(?=[^>]*\sasync="")([^>]*)>([^]*?)<\/script>/;

export function deferHydration(html: string): string {
  const script = moduleScript.exec(html);
  if (!script || !/import\("[^"]+"\);\s*$/.test(script[2]!)) return html;

  const preloads: string[] = [];
  const withoutPreloads = html.replace(/<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*\/>/g, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });

  const routeImports = [...script[2]!.matchAll(/import \* as (\w+) from "([^"]+)";\n?/g)];
  const rest = compactManifest(script[2]!.replace(/import \* as (\w+) from "([^"]+)";\n?/g, ""));
  const names = routeImports.map(([, name]) => name).join(",");
  const loads = routeImports.map(([, , url]) => `import(${JSON.stringify(url)})`).join(",");
  const body =
    `const hydrate=async()=>{` +
    `const sheet=document.getElementById("site-css")?.dataset.href;` +
    `const styled=sheet&&new Promise((done)=>{const link=document.createElement("link");link.rel="stylesheet";link.href=sheet;link.onload=link.onerror=done;document.head.append(link)});` +
    `for(const href of ${JSON.stringify(preloads)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}` +
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
