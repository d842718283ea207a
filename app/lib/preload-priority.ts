import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/**
 * The hydration scripts of a page are preloaded at low priority (`fetchpriority="low"` on React
 * Router's `<link rel="modulepreload">`), so on a slow connection the HTML, stylesheet, font and LCP
 * image arrive first and the page paints before its JavaScript has loaded. The page is complete
 * without JavaScript; hydration follows. Applied to prerendered pages at build (scripts/prioritise.ts)
 * and to server-rendered ones as they stream (app/entry.server.tsx).
 */
export function lowerModulePreloadPriority(html: string): string {
  return html.replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
}

/** The same for a streamed response: a tag split between two chunks is held back until it is whole. */
export function lowerModulePreloadPriorityStream(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.write(chunk);
      const lastOpen = text.lastIndexOf("<");
      const split = lastOpen !== -1 && !text.slice(lastOpen).includes(">") ? lastOpen : text.length;
      pending = text.slice(split);
      callback(null, lowerModulePreloadPriority(text.slice(0, split)));
    },
    flush(callback) {
      callback(null, lowerModulePreloadPriority(pending + decoder.end()));
    },
  });
}
