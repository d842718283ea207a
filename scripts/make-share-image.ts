/**
 * Renders public/og-image.png (1200x630), the default share image: the site's logo on a clean card.
 * Run after changing the logo or the business name: `npx tsx scripts/make-share-image.ts`.
 */
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { business } from "../app/content/business";

const mark = readFileSync(new URL("../public/favicon.svg", import.meta.url), "utf8")
  .replace(/^<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "");

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b1f33"/><stop offset="1" stop-color="#0f4f4a"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="1080" cy="90" r="220" fill="#0f766e" opacity="0.35"/>
  <circle cx="1140" cy="560" r="160" fill="#f59e0b" opacity="0.15"/>
  <g transform="translate(120 150) scale(4)">${mark}</g>
  <text x="360" y="250" font-family="Liberation Sans, Arial, sans-serif" font-size="76" font-weight="700" fill="#ffffff">${escape(business.shortName)}</text>
  <text x="364" y="305" font-family="Liberation Sans, Arial, sans-serif" font-size="30" font-weight="700" letter-spacing="10" fill="#5eead4">LAHORE · PAKISTAN</text>
  <text x="120" y="450" font-family="Liberation Sans, Arial, sans-serif" font-size="36" fill="#e2e8f0">Branded pens, chit pad boxes, drinkware &amp; office gifts</text>
  <text x="120" y="500" font-family="Liberation Sans, Arial, sans-serif" font-size="36" fill="#e2e8f0">for pharmaceutical and corporate brands</text>
  <rect x="120" y="540" width="120" height="8" rx="4" fill="#f59e0b"/>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile("public/og-image.png");
console.log("wrote public/og-image.png");
