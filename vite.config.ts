import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { ChunkingContext } from "rolldown";
import { defineConfig } from "vite";
import { portableCustomProperties } from "./scripts/portable-custom-properties";
import { versionedImages } from "./scripts/versioned-images";

/** A route module that asks for React in the browser (`handle = { hydrate: true }`, app/lib/route-handle.ts). */
const hydratingRoute = /\bhandle\s*=\s*\{\s*hydrate:\s*true\b/;
const rootModule = /[\\/]app[\\/]root\.tsx$/;
const routeModule = /[\\/]app[\\/]routes[\\/][^?]+$/;

/** Whether the root or a route that hydrates reaches `id` through static imports. */
function usedByPagesThatHydrate(id: string, chunking: ChunkingContext, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = chunking.getModuleInfo(id);
  if (!info) return false;
  if (rootModule.test(id) || (routeModule.test(id) && hydratingRoute.test(info.code ?? ""))) return true;
  return info.importers.some((importer) => usedByPagesThatHydrate(importer, chunking, seen));
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), portableCustomProperties(), versionedImages(), reactRouter()],
  define: { __SITE_URL__: JSON.stringify(process.env.SITE_URL ?? "") },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    sourcemap: false,
    // The server build's entries: React Router's build (index.js, which its prerendering reads), the
    // production server around it (server.js) and the inbox command (quotes.js). They share their
    // modules, so the server holds one quote service, and nothing compiles TypeScript at run time.
    // (React Router's plugin reads the server entries from rollupOptions.)
    rollupOptions: isSsrBuild
      ? {
          input: {
            index: "virtual:react-router/server-build",
            server: "./server/index.ts",
            quotes: "./server/quotes.ts",
            staff: "./server/staff.ts",
          },
        }
      : undefined,
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            // A page that hydrates asks for a few files, not one per shared module: each request of a
            // first view costs a round of headers.
            codeSplitting: {
              groups: [
                // React and React Router's core, which every route module imports (a group takes in what its
                // modules import, so this one comes first and leaves React DOM out).
                {
                  name: "framework",
                  test: /node_modules[\\/](react[\\/]|react-router[\\/](?!.*dom-export))|^\0vite\/preload-helper/,
                  priority: 2,
                },
                // React DOM, which only the entry imports, and only once the page has loaded.
                {
                  name: "react-dom",
                  test: /node_modules[\\/](react-dom|scheduler)[\\/]|react-router[\\/].*dom-export/,
                  priority: 1,
                },
                // The design schema (and zod under it) and the design kept on the device, which the quote's submit
                // code, the brand studio and the quote form's attached design share: loaded with whichever
                // of them comes first, never with a page's first view.
                {
                  name: "design",
                  test: /node_modules[\\/](zod|idb-keyval)[\\/]|app[\\/]lib[\\/]design-(schema|handoff)\./,
                  priority: 1,
                },
                // What two or more of the pages that run React import. Modules only prerendered pages use
                // stay out: those pages load no script, so the code would travel to the others for nothing.
                { name: (id, chunking) => (usedByPagesThatHydrate(id, chunking) ? "shared" : null), minShareCount: 2 },
                // The rest of what several routes share, in one file no browser asks for: split finer, it
                // would lengthen the list of files in the route manifest each page that hydrates carries.
                { name: "prerendered-only", test: /node_modules|[\\/]app[\\/]/, minShareCount: 2 },
              ],
            },
          },
        },
  },
}));
