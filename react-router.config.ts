import type { Config } from "@react-router/dev/config";
import { publicPaths } from "./app/public-paths.server";

export default {
  // SSR stays on so POSTs (the quote form) and unknown paths (404 status) reach the server;
  // every public page is still prerendered to static HTML at build time.
  ssr: true,
  prerender: () => [...publicPaths(), "/sitemap.xml", "/robots.txt"],
} satisfies Config;
