import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { portableCustomProperties } from "./scripts/portable-custom-properties";
import { versionedImages } from "./scripts/versioned-images";

/**
 * Lucide icons that only one page draws: they travel with that page's code. Every other icon is in
 * the frame that all pages load, since an icon shared by two pages alone would become a file (and a
 * request) of its own.
 */
const singlePageIcons = [
  "truck", // home
  "calendar-clock", "headset", "message-square", // process
  "award", "briefcase", "scale", // about
  "heart-pulse", "notebook-pen", "quote", // case studies
  "timer", // contact
  "arrow-left", "calendar-days", // blog
];

const sharedIcon = new RegExp(
  String.raw`node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/](${singlePageIcons.join("|")})\.)`,
);

/** The site's frame and the sections most pages compose: one file every page loads. */
const frameModule =
  /app[\\/](components[\\/](layout|ui[\\/]button|sections[\\/](section|page-hero|cta-band|stats-band|icon-badge))|lib[\\/](seo|structured-data|utils|image-loading)|content[\\/](business|navigation))/;

export default defineConfig({
  plugins: [tailwindcss(), portableCustomProperties(), versionedImages(), reactRouter()],
  define: { __SITE_URL__: JSON.stringify(process.env.SITE_URL ?? "") },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Fewer, larger shared chunks: each request of a first view costs a round of headers.
        codeSplitting: {
          groups: [
            // Vite's preload helper rides along with the framework: as a file of its own it costs a request.
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]|^\0vite\/preload-helper/ },
            { name: "frame", test: (id) => sharedIcon.test(id) || frameModule.test(id) },
            // The quote form's text, shared by /contact and the submit kit it loads.
            { name: "quote-form", test: /app[\\/](lib[\\/]quote-text|content[\\/]contact)/ },
            // What the product pages share.
            { name: "product-page", test: /app[\\/](content[\\/]product-pages|components[\\/]sections[\\/](product-list|option-page|option-cards))/ },
          ],
        },
      },
    },
  },
});
