import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { portableCustomProperties } from "./scripts/portable-custom-properties";

export default defineConfig({
  plugins: [tailwindcss(), portableCustomProperties(), reactRouter()],
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
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: "frame",
              test: /node_modules[\\/]lucide-react[\\/]|app[\\/](components[\\/](layout|ui[\\/]button|sections[\\/](section|page-hero|cta-band|stats-band|icon-badge))|lib[\\/](seo|structured-data|utils|image-loading)|content[\\/](business|navigation))/,
            },
            // The quote form's text and the Radix primitive its fields use, shared by /contact and the
            // dialog's form.
            { name: "quote-form", test: /app[\\/](lib[\\/]quote-text|content[\\/]contact)|node_modules[\\/]@radix-ui[\\/]react-primitive[\\/]/ },
            // What the product pages share.
            { name: "product-page", test: /app[\\/](content[\\/]product-pages|components[\\/]sections[\\/](product-list|option-page|option-cards))/ },
          ],
        },
      },
    },
  },
});
