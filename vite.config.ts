import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  define: { __SITE_URL__: JSON.stringify(process.env.SITE_URL ?? "") },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    sourcemap: false,
    // Pictures stay files of their own, never data: URLs inside the HTML: the CSP allows images from this
    // origin only, and a picture repeated on a page would be repeated in its bytes.
    assetsInlineLimit: 0,
    // The server build's entries: React Router's build (index.js, which its prerendering reads), the
    // production server around it (server.js), the inbox command (quotes.js) and the restore command
    // (restore.js). They share their modules, so the server holds one quote service, and nothing compiles
    // TypeScript at run time.
    // (React Router's plugin reads the server entries from rollupOptions.)
    rollupOptions: isSsrBuild
      ? {
          input: {
            index: "virtual:react-router/server-build",
            server: "./server/index.ts",
            quotes: "./server/quotes.ts",
            "upload-check-worker": "./app/lib/quotes/upload-check-worker.server.ts",
            staff: "./server/staff.ts",
            restore: "./server/restore.ts",
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
              ],
            },
          },
        },
  },
}));
