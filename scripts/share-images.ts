/**
 * npm run build, before `react-router build`: draws the share image (1200x630 PNG) of every public page
 * from the page's own content into public/images/share, at the file each page's head names
 * (`shareImageFile` in app/lib/seo.ts). Not committed: made anew by every build, from the content as
 * it is.
 *
 * - a catalogue item: its picture, its category, title and brand;
 * - an article: its category and title;
 * - any other page: its eyebrow and title, and the picture of its hero where it has one.
 *
 * Words are outlined in Inter like the drawings' (scripts/outline-text.ts): the same letters on every
 * machine, with no font to find. `--png DIR` writes them to DIR instead, to look at them.
 */
import { readFileSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { aboutHero } from "../app/content/about";
import { articleBySlug } from "../app/content/articles.server";
import { blogPage } from "../app/content/blog";
import { business } from "../app/content/business";
import { caseStudiesHero } from "../app/content/case-studies";
import { products } from "../app/content/catalogue";
import { type CategorySlug, categories } from "../app/content/categories";
import { contactHero } from "../app/content/contact";
import { homeHero } from "../app/content/home";
import { portfolioHero } from "../app/content/portfolio";
import { categoryPagePath, categoryPageSlugs } from "../app/content/category-pages";
import { categoryPageEyebrow } from "../app/content/product-pages";
import { processHero } from "../app/content/process";
import { productPagePath } from "../app/lib/product-path";
import { shareImageFile, shareImageSize, shareImagesDir } from "../app/lib/seo";
import { publicPaths, type staticPagePaths } from "../app/public-paths.server";
import { type TextOutliner, textOutliner } from "./outline-text";
import { escapeXml } from "../app/lib/product-art";
import { categoryImageSize } from "../app/lib/image-loading";

/** What a share image shows. */
export type ShareCard = {
  eyebrow: string;
  title: string;
  /** A line under the title: the brand an item was made for. */
  subtitle?: string;
  /** A picture under public/ shown beside the words, at its own aspect ratio. */
  picture?: { src: string; width: number; height: number };
};

const productImageSize = { width: 800, height: 600 } as const;

function categoryCard(slug: CategorySlug): ShareCard {
  const category = categories[slug];
  return {
    eyebrow: categoryPageEyebrow,
    title: category.title,
    picture: { src: category.image, ...categoryImageSize },
  };
}

/** The pages with a fixed URL: each shows its hero's eyebrow and title. */
const pageCards: Record<(typeof staticPagePaths)[number], ShareCard> = {
  "/": homeHero,
  "/portfolio": { ...portfolioHero, picture: portfolioHero.image },
  "/process": processHero,
  "/case-studies": caseStudiesHero,
  "/about": aboutHero,
  "/blog": blogPage,
  "/contact": contactHero,
};

/** The card of one public page; a page of a kind this step cannot draw stops the build. */
export function shareCard(pagePath: string): ShareCard {
  if (pagePath in pageCards) return pageCards[pagePath as keyof typeof pageCards];
  const categorySlug = categoryPageSlugs.find((slug) => categoryPagePath(slug) === pagePath);
  if (categorySlug) return categoryCard(categorySlug);
  const product = products.find((item) => productPagePath(item.id) === pagePath);
  if (product) {
    return {
      eyebrow: categories[product.category].label,
      title: product.title,
      subtitle: product.brand,
      picture: { src: product.image, ...productImageSize },
    };
  }
  const article = pagePath.startsWith("/blog/") ? articleBySlug(pagePath.slice("/blog/".length)) : undefined;
  if (article) return { eyebrow: article.category, title: article.title };
  throw new Error(`No share image for ${pagePath}: say what it shows in scripts/share-images.ts`);
}

/** Every public page's share image: file under public/ → card. */
export function shareCards(): Map<string, ShareCard> {
  return new Map(publicPaths().map((path) => [shareImageFile(path), shareCard(path)]));
}

// ---------- drawing ----------

const { width: W, height: H } = shareImageSize;
const colours = {
  navy: "#0b1f33",
  deepTeal: "#0f4f4a",
  teal: "#0f766e",
  eyebrow: "#5eead4",
  accent: "#f59e0b",
  text: "#ffffff",
  soft: "#cbd5e1",
};
const margin = 72;

type Style = { size: number; minSize: number; weight: number; maxLines: number; lineHeight: number };

/**
 * `text` broken into lines no wider than `width`, at the largest size from style.size down to
 * style.minSize that fits in style.maxLines lines. A title that fits at no size stops the build.
 */
function wrap(text: string, width: number, style: Style, measure: TextOutliner["width"]) {
  for (let size = style.size; size >= style.minSize; size -= 2) {
    const lines: string[] = [];
    for (const word of text.split(/\s+/)) {
      const last = lines.at(-1);
      if (last !== undefined && measure(`${last} ${word}`, { size, weight: style.weight }) <= width)
        lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    if (
      lines.length <= style.maxLines &&
      lines.every((line) => measure(line, { size, weight: style.weight }) <= width)
    ) {
      return { lines, size };
    }
  }
  throw new Error(`"${text}" does not fit a share image in ${style.maxLines} lines`);
}

const dataUri = (file: string, type: string) => `data:${type};base64,${readFileSync(file).toString("base64")}`;
const imageType = (src: string) =>
  src.endsWith(".svg")
    ? "image/svg+xml"
    : src.endsWith(".png")
      ? "image/png"
      : src.endsWith(".webp")
        ? "image/webp"
        : "image/jpeg";

/** A content picture (a path under app/), inlined, in a rounded frame whose top left corner is at (x, y). */
function framedPicture(src: string, x: number, y: number, width: number, height: number) {
  return `<clipPath id="picture"><rect x="${x}" y="${y}" width="${width}" height="${height}" rx="24"/></clipPath><rect x="${x - 6}" y="${y - 6}" width="${width + 12}" height="${height + 12}" rx="30" fill="#ffffff" opacity=".12"/><image x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" clip-path="url(#picture)" href="${dataUri(join("app", src), imageType(src))}"/>`;
}

const eyebrowSize = 26;
const titleStyle = {
  beside: { size: 54, minSize: 34, weight: 800, maxLines: 4, lineHeight: 1.15 },
  across: { size: 72, minSize: 44, weight: 800, maxLines: 3, lineHeight: 1.12 },
} satisfies Record<string, Style>;
const subtitleStyle: Style = { size: 28, minSize: 20, weight: 500, maxLines: 2, lineHeight: 1.3 };
const pictureWidth = 520;
const footerTop = H - 120;

/** The card as SVG with <text> still in it (the outliner turns it into paths). */
export function shareCardSvg(card: ShareCard, measure: TextOutliner["width"], publicDir = "public"): string {
  // With a picture: the words on the left, the picture on the right at its own shape; without: words across.
  const { picture } = card;
  const pictureHeight = picture ? Math.round((pictureWidth * picture.height) / picture.width) : 0;
  const textWidth = picture ? W - pictureWidth - 3 * margin + 24 : W - 2 * margin;
  const lines: {
    text: string;
    size: number;
    weight: number;
    fill: string;
    lineHeight: number;
    spacing?: number;
    gapBefore: number;
  }[] = [
    {
      text: card.eyebrow.toUpperCase(),
      size: eyebrowSize,
      weight: 700,
      fill: colours.eyebrow,
      lineHeight: eyebrowSize,
      spacing: 3,
      gapBefore: 0,
    },
  ];
  const style = picture ? titleStyle.beside : titleStyle.across;
  const title = wrap(card.title, textWidth, style, measure);
  title.lines.forEach((text, index) =>
    lines.push({
      text,
      size: title.size,
      weight: style.weight,
      fill: colours.text,
      lineHeight: Math.round(title.size * style.lineHeight),
      gapBefore: index === 0 ? 28 - title.size * 0.2 : 0,
    }),
  );
  if (card.subtitle) {
    const subtitle = wrap(card.subtitle, textWidth, subtitleStyle, measure);
    subtitle.lines.forEach((text, index) =>
      lines.push({
        text,
        size: subtitle.size,
        weight: subtitleStyle.weight,
        fill: colours.soft,
        lineHeight: Math.round(subtitle.size * subtitleStyle.lineHeight),
        gapBefore: index === 0 ? 16 : 0,
      }),
    );
  }

  // The words sit as one block, centred in the space above the footer; each line's y is its baseline.
  const blockHeight = lines.reduce((sum, line) => sum + line.gapBefore + line.lineHeight, 0);
  let baseline = Math.max(margin - 20, Math.round((footerTop - blockHeight) / 2));
  const words = lines.map((line) => {
    baseline += Math.round(line.gapBefore + line.lineHeight);
    const spacing = line.spacing ? ` letter-spacing="${line.spacing}"` : "";
    return `<text x="${margin}" y="${baseline}" font-size="${line.size}" font-weight="${line.weight}"${spacing} fill="${line.fill}">${escapeXml(line.text)}</text>`;
  });

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.navy}"/><stop offset="1" stop-color="${colours.deepTeal}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<circle cx="${W - 120}" cy="90" r="220" fill="${colours.teal}" opacity=".35"/>
<circle cx="${W - 60}" cy="${H - 70}" r="160" fill="${colours.accent}" opacity=".12"/>
${picture ? framedPicture(picture.src, W - margin - pictureWidth, Math.round((H - pictureHeight) / 2), pictureWidth, pictureHeight) : ""}
${words.join("\n")}
<rect x="${margin}" y="${footerTop}" width="96" height="6" rx="3" fill="${colours.accent}"/>
<image x="${margin}" y="${footerTop + 30}" width="48" height="48" href="${dataUri(join(publicDir, "favicon.svg"), "image/svg+xml")}"/>
<text x="${margin + 64}" y="${footerTop + 64}" font-size="28" font-weight="700" fill="${colours.text}">${escapeXml(business.name)}</text>
</svg>`;
}

/** The card as a PNG: its words outlined, flattened to a palette of colours to stay small. */
export async function renderShareImage(card: ShareCard, outline: TextOutliner, publicDir = "public"): Promise<Buffer> {
  const svg = outline(shareCardSvg(card, outline.width, publicDir));
  return sharp(Buffer.from(svg)).png({ palette: true, quality: 95, effort: 10, compressionLevel: 9 }).toBuffer();
}

/** Draws every card into `outDir` (public/ when building), replacing the share images there. */
export async function writeShareImages(outDir: string, publicDir = "public"): Promise<string[]> {
  rmSync(join(outDir, shareImagesDir), { recursive: true, force: true });
  const outline = await textOutliner();
  // Side by side: each card's palette is reduced on one thread, and there are two cores at least.
  return Promise.all(
    [...shareCards()].map(async ([file, card]) => {
      const target = join(outDir, file);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, await renderShareImage(card, outline, publicDir));
      return target;
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pngDir = process.argv.includes("--png") ? process.argv[process.argv.indexOf("--png") + 1] : undefined;
  const written = await writeShareImages(pngDir ?? "public");
  console.log(`Share images: ${written.length} written under ${join(pngDir ?? "public", shareImagesDir)}`);
}
