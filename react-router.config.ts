import type { Config } from "@react-router/dev/config";
import { validateContent } from "./app/content/validate.server";
import { publicPaths, studioPaths } from "./app/public-paths.server";

export default {
  // SSR stays on so POSTs (the quote form) and unknown paths (404 status) reach the server;
  // every public page is still prerendered to static HTML at build time.
  ssr: true,
  // Route middleware (the desk's layout checks the session once for every desk route) and typed route
  // contexts (app/lib/request-context.ts) instead of a plain load context object.
  future: { v8_middleware: true },
  // Each entry of the server build is named after its key in vite.config.ts: index.js (the React
  // Router build), server.js (the production server that serves it) and quotes.js (the inbox command).
  serverBuildFile: "[name].js",
  // A proof page is sent under `Referrer-Policy: no-referrer`, so its form posts carry `Origin: null`,
  // which React Router would refuse before any action runs. Every action checks such a post itself
  // (app/lib/same-origin.server.ts): only with `Sec-Fetch-Site: same-origin` is it this site's.
  allowedActionOrigins: ["null"],
  prerender: () => {
    // A bad content entry stops the build here, naming the entry.
    validateContent();
    return [...publicPaths(), ...studioPaths(), "/sitemap.xml", "/robots.txt", "/blog/feed.xml"];
  },
} satisfies Config;
