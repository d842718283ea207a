/**
 * Flat SVG mockups of the catalogue's items, drawn from their data: one drawing per kind of item
 * (pen, chit pad box, mug, …) with the item's product name and brand colour printed on it.
 * Pure functions returning SVG text; scripts/make-images.ts writes them under app/images.
 */
import { type Product, splitBrand } from "../content/catalogue";
import { type Cylinder, type ItemKind, type PrintRule, itemKind, printRules } from "../content/print-rules";
import { type DesignLayout, type LogoPlacement, layoutName, nameLineEm, shownLogo } from "./design-layout";

export const FONT = "Inter, Arial, sans-serif";

// ---------- colour ----------
const rgb = (hex: string): [number, number, number] =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const toHex = (parts: number[]) => `#${parts.map((p) => Math.round(p).toString(16).padStart(2, "0")).join("")}`;
/** Mixes `hex` towards `other` by `t` (0: hex, 1: other). */
export const mix = (hex: string, other: string, t: number) => {
  const a = rgb(hex);
  const b = rgb(other);
  return toHex(a.map((v, i) => v + ((b[i] ?? v) - v) * t));
};
export const tint = (hex: string, t: number) => mix(hex, "#ffffff", t);
export const shade = (hex: string, t: number) => mix(hex, "#000000", t);
const luminance = (hex: string) => {
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = rgb(hex).map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
/** White or dark ink, whichever reads better on `hex`. */
export const ink = (hex: string) => (luminance(hex) > 0.4 ? "#1e293b" : "#ffffff");

export const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Bold capitals are about 0.7em wide: shrink the size until the word fits `maxWidth`. */
const fit = (word: string, size: number, maxWidth: number) =>
  Math.min(size, Math.floor(maxWidth / (0.7 * Math.max(word.length, 1))));

const label = (word: string, x: number, y: number, size: number, maxWidth: number, fill: string, extra = "") =>
  word &&
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${fit(word, size, maxWidth)}" font-weight="800" letter-spacing="1" text-anchor="middle" fill="${fill}"${extra}>${escapeXml(word)}</text>`;

// ---------- shared shading (defined once per file) ----------
const defs = `<defs><linearGradient id="cy" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".18"/><stop offset=".3" stop-color="#fff" stop-opacity=".28"/><stop offset=".55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></linearGradient><linearGradient id="cx" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".1"/><stop offset=".28" stop-color="#fff" stop-opacity=".45"/><stop offset=".55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".25"/></linearGradient><linearGradient id="steel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7b8794"/><stop offset=".35" stop-color="#e2e8f0"/><stop offset=".6" stop-color="#a7b1bd"/><stop offset="1" stop-color="#64707d"/></linearGradient></defs>`;

/** What an item carries: its product name, the company and the brand colour. */
export type Art = { name: string; company: string; colour: string; key: string };

export const artOf = (product: DrawnItem): Art => {
  const { company, name } = splitBrand(product.brand);
  return { name, company, colour: product.colour, key: product.id };
};

const shadow = (cx: number, cy: number, rx: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 9)}" fill="#0b1f33" opacity=".13"/>`;

// ---------- the items (each drawn in an 800x600 space, floor near y=500) ----------

function onePen(a: Art, body: string, text: string, metal = false) {
  const grip = metal ? "url(#steel)" : shade(body === "#ffffff" ? a.colour : body, 0.35);
  return `<rect x="150" y="270" width="470" height="56" rx="26" fill="${body}"/>${metal ? `<rect x="150" y="270" width="470" height="56" rx="26" fill="url(#steel)"/><rect x="560" y="270" width="18" height="56" fill="${a.colour}"/>` : ""}<rect x="150" y="270" width="470" height="56" rx="26" fill="url(#cx)"/><path d="M152 276 L96 294 L90 298 L96 302 L152 320 Z" fill="#cbd5e1"/><path d="M96 294 L80 298 L96 302 Z" fill="#334155"/><rect x="150" y="272" width="74" height="52" rx="8" fill="${grip}"/><rect x="150" y="272" width="74" height="52" rx="8" fill="url(#cx)"/><rect x="606" y="276" width="40" height="44" rx="8" fill="#cbd5e1"/><rect x="646" y="284" width="30" height="28" rx="6" fill="${shade(a.colour, 0.15)}"/><path d="M460 262 H636 a8 8 0 0 1 0 16 H470 Z" fill="#94a3b8"/><path d="M460 262 H636" stroke="#f1f5f9" stroke-width="3"/>${label(a.name, 400, 309, 34, 300, text)}`;
}

function pen(a: Art, variant: "pair" | "single" | "metal" | "metal-single" = "pair") {
  const front = variant.startsWith("metal")
    ? onePen(a, "#9aa5b1", "#1e293b", true)
    : onePen(a, a.colour, ink(a.colour));
  const back =
    variant === "single" || variant === "metal-single"
      ? ""
      : variant === "metal"
        ? onePen(a, a.colour, ink(a.colour))
        : onePen(a, "#ffffff", a.colour);
  return `${shadow(400, 500, 300)}${back ? `<g transform="translate(10 -70) rotate(-12 400 300)">${back}</g>` : ""}<g transform="translate(-10 90) rotate(-12 400 300)">${front}</g>`;
}

function chitPad(a: Art) {
  const c = a.colour;
  const t = ink(c);
  const lines = Array.from({ length: 8 }, (_, i) => 221 + i * 6)
    .map((y) => `<path d="M230 ${y} L400 ${y + 85} L570 ${y}" stroke="#cbd5e1" stroke-width="1.2" fill="none"/>`)
    .join("");
  return `${shadow(400, 505, 230)}<path d="M230 215 L400 300 V350 L230 265 Z" fill="#ffffff"/><path d="M400 300 L570 215 V265 L400 350 Z" fill="#e2e8f0"/>${lines}<path d="M230 215 L400 130 L570 215 L400 300 Z" fill="#ffffff" stroke="#e2e8f0"/><g transform="matrix(1 -.5 1 .5 230 215)">${label(a.name, 85, 92, 24, 130, c, ' opacity=".85"')}</g><path d="M230 265 L400 350 V520 L230 435 Z" fill="${c}"/><path d="M400 350 L570 265 V435 L400 520 Z" fill="${shade(c, 0.25)}"/><g transform="matrix(1 .5 0 1 230 265)">${label(a.name, 85, 92, 36, 150, t)}<rect x="35" y="110" width="100" height="5" rx="2.5" fill="${t}" opacity=".6"/></g><g transform="matrix(1 -.5 0 1 400 350)"><text x="85" y="90" font-family="${FONT}" font-size="${fit(a.company, 18, 140)}" font-weight="600" text-anchor="middle" fill="${t}" opacity=".85">${escapeXml(a.company)}</text><circle cx="85" cy="120" r="12" fill="none" stroke="${t}" stroke-width="3" opacity=".6"/></g><path d="M230 265 L400 350 L570 265" stroke="${tint(c, 0.35)}" stroke-width="3" fill="none"/>`;
}

function mugBody(a: Art, x: number, w: number, top: number, h: number, handle: string, inner: string) {
  const c = a.colour;
  const cx = x + w / 2;
  const band = top + h * 0.32;
  return `<path d="M${x + w - 6} ${top + 50} C${x + w + 90} ${top + 40} ${x + w + 90} ${top + h - 60} ${x + w - 6} ${top + h - 70}" stroke="${handle}" stroke-width="26" fill="none" stroke-linecap="round"/><path d="M${x} ${top} V${top + h - 24} Q${x} ${top + h} ${x + 24} ${top + h} H${x + w - 24} Q${x + w} ${top + h} ${x + w} ${top + h - 24} V${top} Z" fill="#ffffff"/>${a.name ? `<rect x="${x}" y="${band}" width="${w}" height="${h * 0.36}" fill="${c}"/>` : ""}${label(a.name, cx, band + h * 0.18 + 12, 38, w - 40, ink(c))}<path d="M${x} ${top} V${top + h - 24} Q${x} ${top + h} ${x + 24} ${top + h} H${x + w - 24} Q${x + w} ${top + h} ${x + w} ${top + h - 24} V${top} Z" fill="url(#cy)"/><ellipse cx="${cx}" cy="${top}" rx="${w / 2}" ry="20" fill="#f8fafc"/><ellipse cx="${cx}" cy="${top + 3}" rx="${w / 2 - 10}" ry="14" fill="${inner}"/>`;
}

const mug = (a: Art) => `${shadow(410, 492, 190)}${mugBody(a, 270, 230, 200, 290, a.colour, shade(a.colour, 0.45))}`;

const cup = (a: Art) =>
  `${shadow(400, 500, 220)}<ellipse cx="400" cy="478" rx="200" ry="34" fill="#e2e8f0"/><ellipse cx="400" cy="472" rx="200" ry="30" fill="#ffffff"/><ellipse cx="400" cy="472" rx="120" ry="14" fill="#e2e8f0"/>${mugBody(a, 300, 190, 250, 220, "#ffffff", shade(a.colour, 0.2))}<path d="M300 250 V446 Q300 470 324 470 H466 Q490 470 490 446 V250" fill="none" stroke="#e2e8f0" stroke-width="2"/>`;

function travelMug(a: Art) {
  const c = a.colour;
  return `${shadow(400, 505, 130)}<path d="M318 160 L334 488 Q336 500 350 500 H450 Q464 500 466 488 L482 160 Z" fill="url(#steel)"/><rect x="310" y="112" width="180" height="54" rx="14" fill="${c}"/><rect x="310" y="112" width="180" height="54" rx="14" fill="url(#cy)"/><rect x="372" y="100" width="56" height="16" rx="6" fill="${shade(c, 0.35)}"/><rect x="321" y="166" width="158" height="10" fill="${shade(c, 0.2)}" opacity=".5"/>${label(a.name, 400, 320, 30, 120, "#1e293b")}<text x="400" y="350" font-family="${FONT}" font-size="14" font-weight="600" text-anchor="middle" fill="#334155">${escapeXml(a.company)}</text><rect x="340" y="372" width="120" height="4" rx="2" fill="${c}"/>`;
}

function penHolder(a: Art) {
  const c = a.colour;
  const pens = [
    [350, -14, c],
    [385, -4, "#ffffff"],
    [420, 6, c],
    [450, 14, "#ffffff"],
  ]
    .map(
      ([x, r, f]) =>
        `<g transform="rotate(${r} ${x} 260)"><rect x="${Number(x) - 9}" y="120" width="18" height="160" rx="8" fill="${f}" stroke="${shade(c, 0.3)}" stroke-width="1.5"/><rect x="${Number(x) - 3}" y="128" width="6" height="70" rx="3" fill="#94a3b8"/></g>`,
    )
    .join("");
  return `${shadow(400, 498, 170)}<ellipse cx="400" cy="250" rx="110" ry="26" fill="${shade(c, 0.55)}"/>${pens}<path d="M290 250 V470 A110 26 0 0 0 510 470 V250 A110 26 0 0 1 290 250 Z" fill="${c}"/><path d="M290 250 V470 A110 26 0 0 0 510 470 V250 A110 26 0 0 1 290 250 Z" fill="url(#cy)"/>${label(a.name, 400, 380, 36, 180, ink(c))}<text x="400" y="412" font-family="${FONT}" font-size="15" font-weight="600" text-anchor="middle" fill="${ink(c)}" opacity=".85">${escapeXml(a.company)}</text><path d="M290 250 A110 26 0 0 0 510 250" stroke="${tint(c, 0.4)}" stroke-width="4" fill="none"/>`;
}

function organiser(a: Art) {
  const c = a.colour;
  const box = (x: number, y: number, w: number, h: number, f: string) =>
    `<path d="M${x} ${y} l30 -24 h${w} l-30 24 Z" fill="${tint(f, 0.3)}"/><path d="M${x + w} ${y} l30 -24 v${h} l-30 24 Z" fill="${shade(f, 0.3)}"/><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${f}"/>`;
  const pens = [0, 1, 2]
    .map(
      (i) =>
        `<rect x="${232 + i * 28}" y="${150 - (i % 2) * 18}" width="14" height="90" rx="6" fill="${i === 1 ? "#ffffff" : shade(c, 0.2)}" stroke="${shade(c, 0.4)}"/>`,
    )
    .join("");
  return `${shadow(410, 498, 240)}${pens}${box(210, 220, 120, 270, shade(c, 0.1))}<rect x="352" y="238" width="100" height="70" rx="4" fill="#ffffff" stroke="#cbd5e1" transform="rotate(-6 402 270)"/>${box(340, 290, 120, 200, shade(c, 0.05))}<rect x="470" y="300" width="100" height="44" fill="#fef9c3" stroke="#eab308" stroke-width="1.2"/>${box(470, 340, 120, 150, c)}<rect x="190" y="400" width="420" height="96" rx="6" fill="${c}"/><rect x="190" y="400" width="420" height="96" rx="6" fill="url(#cx)" opacity=".5"/>${label(a.name, 400, 458, 40, 330, ink(c))}<text x="400" y="482" font-family="${FONT}" font-size="14" font-weight="600" text-anchor="middle" fill="${ink(c)}" opacity=".85">${escapeXml(a.company)}</text>`;
}

function mousePad(a: Art) {
  const c = a.colour;
  const t = ink(c);
  const rows = [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="330" y="${70 + i * 34}" width="100" height="24" rx="3" fill="#ffffff" opacity="${i % 2 ? 0.75 : 0.95}"/>`,
    )
    .join("");
  const flat = `<rect width="460" height="300" rx="26" fill="${c}"/><rect x="310" y="0" width="150" height="300" fill="${shade(c, 0.2)}"/><rect width="460" height="300" rx="26" fill="none" stroke="${tint(c, 0.4)}" stroke-width="5"/>${rows}<text x="380" y="48" font-family="${FONT}" font-size="14" font-weight="700" text-anchor="middle" fill="${t}">BP GUIDE</text>${label(a.name, 160, 165, 50, 260, t)}<text x="160" y="198" font-family="${FONT}" font-size="17" font-weight="600" text-anchor="middle" fill="${t}" opacity=".85">${escapeXml(a.company)}</text>`;
  return `${shadow(400, 505, 290)}<g transform="matrix(1 0 -.42 .62 250 322)"><rect width="460" height="300" rx="26" fill="${shade(c, 0.45)}" transform="translate(0 14)"/>${flat}</g><g transform="translate(-50 70)"><ellipse cx="560" cy="398" rx="44" ry="30" fill="#0b1f33" opacity=".15"/><path d="M532 386 C530 340 590 340 590 384 C592 416 534 420 532 386 Z" fill="#f8fafc" stroke="#cbd5e1" stroke-width="2"/><path d="M561 346 V372" stroke="#cbd5e1" stroke-width="2"/></g>`;
}

function calendar(a: Art) {
  const c = a.colour;
  const grid = Array.from({ length: 28 }, (_, i) => {
    const x = 258 + (i % 7) * 42;
    const y = 318 + Math.floor(i / 7) * 30;
    return `<rect x="${x}" y="${y}" width="30" height="20" rx="3" fill="${i === 15 ? c : "#e2e8f0"}"/>`;
  }).join("");
  const rings = Array.from(
    { length: 9 },
    (_, i) => `<rect x="${262 + i * 34}" y="178" width="8" height="26" rx="4" fill="#64748b"/>`,
  ).join("");
  return `${shadow(420, 500, 250)}<path d="M580 190 L650 480 H580 Z" fill="${shade(c, 0.35)}"/><rect x="220" y="190" width="360" height="290" rx="8" fill="#ffffff" stroke="#e2e8f0" stroke-width="2"/><rect x="220" y="190" width="360" height="100" rx="8" fill="${c}"/><rect x="220" y="270" width="360" height="20" fill="${c}"/>${label(a.name, 400, 250, 38, 300, ink(c))}<text x="400" y="277" font-family="${FONT}" font-size="14" font-weight="600" text-anchor="middle" fill="${ink(c)}" opacity=".85">${escapeXml(a.company)}</text>${grid}<text x="258" y="455" font-family="${FONT}" font-size="13" font-weight="600" fill="#64748b">Health tip of the month</text><rect x="200" y="474" width="400" height="14" rx="4" fill="${shade(c, 0.25)}"/>${rings}`;
}

function paperweight(a: Art) {
  const c = a.colour;
  const heart =
    "M400 450 C260 372 206 300 224 236 C244 164 344 156 400 226 C456 156 556 164 576 236 C594 300 540 372 400 450 Z";
  return `${shadow(400, 496, 190)}<rect x="260" y="448" width="280" height="40" rx="10" fill="#1e293b"/><rect x="260" y="448" width="280" height="10" rx="5" fill="#475569"/><path d="${heart}" fill="${tint(c, 0.82)}" opacity=".9"/><path d="${heart}" fill="none" stroke="${tint(c, 0.55)}" stroke-width="10"/><path d="M262 240 C270 200 310 186 346 200" stroke="#ffffff" stroke-width="10" stroke-linecap="round" fill="none" opacity=".9"/>${label(a.name, 400, 318, 40, 250, c)}<text x="400" y="346" font-family="${FONT}" font-size="15" font-weight="600" text-anchor="middle" fill="${shade(c, 0.2)}">${escapeXml(a.company)}</text>`;
}

function maze(a: Art) {
  const c = a.colour;
  const ring = (r: number, dash: string, rot: number) =>
    `<circle cx="400" cy="290" r="${r}" fill="none" stroke="${c}" stroke-width="9" stroke-linecap="round" stroke-dasharray="${dash}" transform="rotate(${rot} 400 290)"/>`;
  return `${shadow(400, 495, 200)}<circle cx="400" cy="290" r="190" fill="${shade(c, 0.2)}"/><circle cx="400" cy="284" r="190" fill="${c}"/><circle cx="400" cy="290" r="150" fill="${tint(c, 0.88)}"/>${ring(124, "600 60", 20)}${ring(94, "420 60", 150)}${ring(64, "260 50", 260)}${ring(34, "150 64", 60)}<circle cx="400" cy="290" r="12" fill="${shade(c, 0.3)}"/><circle cx="455" cy="196" r="11" fill="url(#steel)" stroke="#475569"/>${label(a.name, 400, 131, 22, 140, ink(c))}<text x="400" y="468" font-family="${FONT}" font-size="15" font-weight="700" letter-spacing="2" text-anchor="middle" fill="${ink(c)}">${escapeXml(a.company.toUpperCase())}</text><path d="M300 180 C330 150 370 140 400 140" stroke="#ffffff" stroke-width="10" stroke-linecap="round" fill="none" opacity=".7"/>`;
}

/** Items the catalogue does not hold (apparel, awards, clocks): drawn for the category cards. */
export function shirt(a: Art) {
  const c = a.colour;
  return `${shadow(400, 505, 220)}<path d="M320 130 L230 170 L170 270 L240 310 L270 270 V490 H530 V270 L560 310 L630 270 L570 170 L480 130 Q400 170 320 130 Z" fill="${c}"/><path d="M320 130 L230 170 L170 270 L240 310 L270 270 V490 H530 V270 L560 310 L630 270 L570 170 L480 130 Q400 170 320 130 Z" fill="url(#cy)" opacity=".6"/><path d="M320 130 L362 196 L400 160 L438 196 L480 130 Q400 166 320 130 Z" fill="${tint(c, 0.9)}"/><rect x="392" y="165" width="16" height="80" rx="3" fill="${shade(c, 0.15)}"/><circle cx="400" cy="190" r="4" fill="#ffffff"/><circle cx="400" cy="218" r="4" fill="#ffffff"/>${label(a.name, 470, 262, 20, 90, ink(c))}<path d="M172 266 L238 304" stroke="${tint(c, 0.5)}" stroke-width="8"/><path d="M628 266 L562 304" stroke="${tint(c, 0.5)}" stroke-width="8"/>`;
}

export function award(a: Art) {
  const c = a.colour;
  return `${shadow(400, 505, 170)}<rect x="290" y="440" width="220" height="50" rx="8" fill="#1e293b"/><rect x="290" y="440" width="220" height="10" rx="5" fill="#475569"/><path d="M300 440 V190 Q400 90 500 190 V440 Z" fill="${tint(c, 0.85)}" opacity=".85"/><path d="M300 440 V190 Q400 90 500 190 V440 Z" fill="none" stroke="${tint(c, 0.5)}" stroke-width="8"/><path d="M322 200 Q350 160 392 146" stroke="#ffffff" stroke-width="9" stroke-linecap="round" fill="none"/><path d="M400 190 l16 32 36 5 -26 25 6 36 -32 -17 -32 17 6 -36 -26 -25 36 -5 Z" fill="${c}"/>${label(a.name, 400, 355, 28, 170, shade(c, 0.2))}<text x="400" y="385" font-family="${FONT}" font-size="15" font-weight="600" text-anchor="middle" fill="${shade(c, 0.3)}">${escapeXml(a.company)}</text>`;
}

export function clock(a: Art) {
  const c = a.colour;
  const ticks = Array.from(
    { length: 12 },
    (_, i) =>
      `<rect x="396" y="${i % 3 ? 140 : 134}" width="8" height="${i % 3 ? 16 : 26}" rx="3" fill="#1e293b" transform="rotate(${i * 30} 400 290)"/>`,
  ).join("");
  return `${shadow(400, 500, 180)}<circle cx="400" cy="290" r="185" fill="${c}"/><circle cx="400" cy="290" r="185" fill="url(#cy)"/><circle cx="400" cy="290" r="160" fill="#ffffff"/>${ticks}${label(a.name, 400, 382, 30, 190, c)}<text x="400" y="408" font-family="${FONT}" font-size="15" font-weight="600" text-anchor="middle" fill="#475569">${escapeXml(a.company)}</text><rect x="395" y="200" width="10" height="96" rx="5" fill="#1e293b" transform="rotate(-60 400 290)"/><rect x="396" y="172" width="8" height="124" rx="4" fill="#1e293b" transform="rotate(60 400 290)"/><rect x="399" y="168" width="3" height="140" fill="${c}" transform="rotate(100 400 290)"/><circle cx="400" cy="290" r="10" fill="${c}"/>`;
}

// ---------- which drawing for which catalogue item ----------

const kinds: Record<ItemKind, [(a: Art, id: string) => string, number?]> = {
  "pen-holder": [penHolder, 1.1],
  pen: [(a, id) => pen(a, id.endsWith("-metal") ? "metal" : "pair")],
  "chit-pad": [chitPad, 1.08],
  "travel-mug": [travelMug, 1.1],
  mug: [mug, 1.15],
  cup: [cup, 1.2],
  "desk-organiser": [organiser],
  "mouse-pad": [mousePad],
  "desk-calendar": [calendar],
  paperweight: [paperweight, 1.08],
  "maze-game": [maze],
};

/** What a drawing needs of a catalogue item. */
export type DrawnItem = Pick<Product, "id" | "brand" | "colour">;

/**
 * A buyer's design printed on an item (the brand studio's): their name in the first print colour, a
 * band of the other colours under it, and their logo where they placed it, laid out by `layout` so the
 * two never overlap, inside the item's print area. Lengths in millimetres on the item; `href` is the
 * logo's URL (a blob: or data: URL). `tone`: a process that marks in one look (gold foil, engraving)
 * draws name and logo in it.
 */
export type ArtDesign = {
  text: string;
  colours: string[];
  layout: DesignLayout;
  logo: ({ href: string } & LogoPlacement) | null;
  tone?: string;
};

/** The name's font: Arial's metrics are the widths the layout counts (Liberation Sans on Linux shares them). */
export const DESIGN_FONT = "Arial, 'Liberation Sans', Helvetica, sans-serif";

const round = (value: number) => Math.round(value * 100) / 100;

/** The name's box and size in the area, as the drawing lays it out. */
export function designName(
  design: Pick<ArtDesign, "text" | "colours" | "layout" | "logo">,
  areaMm: PrintRule["areaMm"],
) {
  return layoutName(
    design.text,
    areaMm,
    design.layout,
    shownLogo(design.layout, design.logo),
    design.colours.length > 1,
  );
}

/** The name and its band of colours, laid out beside the design's logo (which it does not draw). */
export function printedName(design: ArtDesign, areaMm: PrintRule["areaMm"]): string {
  const name = designName(design, areaMm);
  const [first = "#1e293b", ...others] = design.tone ? [design.tone] : design.colours;
  const text = name
    ? `<text data-name="" x="${round(name.x + name.width / 2)}" y="${round(name.y + name.sizeMm * 0.92)}" font-family="${DESIGN_FONT}" font-size="${round(name.sizeMm)}" font-weight="700" text-anchor="middle" textLength="${round(name.width)}" lengthAdjust="spacingAndGlyphs" fill="${first}">${escapeXml(design.text.trim())}</text>`
    : "";
  const bandWidth = name ? name.width * 0.6 : 0;
  const band =
    name?.withBand && others.length
      ? others
          .map(
            (colour, i) =>
              `<rect x="${round(name.x + (name.width - bandWidth) / 2 + (i * bandWidth) / others.length)}" y="${round(name.y + name.sizeMm * (nameLineEm + 0.06))}" width="${round(bandWidth / others.length)}" height="${round(name.sizeMm * 0.14)}" fill="${colour}"/>`,
          )
          .join("")
      : "";
  return `${text}${band}`;
}

/** What the print area holds with a design, flat, in millimetres: the logo, the name and its band of colours. */
export function printedDesign(design: ArtDesign, areaMm: PrintRule["areaMm"]): string {
  const shown = shownLogo(design.layout, design.logo);
  const logo = shown
    ? `<image data-logo="" href="${escapeXml(shown.href)}" x="${round(shown.xMm)}" y="${round(shown.yMm)}" width="${round(shown.widthMm)}" height="${round(shown.heightMm)}" preserveAspectRatio="xMidYMid meet"${design.tone ? ' filter="url(#pa-tone)"' : ""}/>`
    : "";
  return `${logo}${printedName(design, areaMm)}`;
}

/** How many strips a cylinder's art is cut into: enough that no step shows at the drawing's size. */
const strips = 32;

/**
 * The curve of a cylinder's print area along its `axis`, in the area's millimetres: a point `u` mm
 * along the flat art lands at `at(u)`, and the art there is `slope(u)` times as wide. The area's edges
 * stay where they are drawn; the art is wider than flat at the front and narrows towards the sides.
 */
export function cylinderCurve(lengthMm: number, cylinder: Cylinder) {
  const half = lengthMm / 2;
  const radius = half / cylinder.halfAngle;
  const k = half / (radius * Math.sin(cylinder.halfAngle));
  return {
    at: (u: number) => half + k * radius * Math.sin((u - half) / radius),
    slope: (u: number) => k * Math.cos((u - half) / radius),
    /** Where on the flat art a point seen at `x` is. */
    from: (x: number) => half + radius * Math.asin(Math.max(-1, Math.min(1, (x - half) / (k * radius)))),
  };
}

/**
 * The flat art laid round a cylinder: cut into strips across `axis`, each placed where the curve puts
 * it and narrowed by its slope; then the item's shading over the art alone, as printed ink takes it.
 */
function wrapped(rule: PrintRule & { cylinder: Cylinder }): string {
  const { axis } = rule.cylinder;
  const length = axis === "x" ? rule.areaMm.width : rule.areaMm.height;
  const curve = cylinderCurve(length, rule.cylinder);
  const step = length / strips;
  let clips = "";
  let uses = "";
  for (let i = 0; i < strips; i++) {
    const from = i * step;
    const middle = from + step / 2;
    const slope = curve.slope(middle);
    const offset = curve.at(middle) - slope * middle;
    // A hair of overlap, so no seam shows between strips.
    const clip =
      axis === "x"
        ? `x="${round(from - step * 0.05)}" y="0" width="${round(step * 1.1)}" height="${rule.areaMm.height}"`
        : `x="0" y="${round(from - step * 0.05)}" width="${rule.areaMm.width}" height="${round(step * 1.1)}"`;
    const matrix =
      axis === "x" ? `${round4(slope)} 0 0 1 ${round4(offset)} 0` : `1 0 0 ${round4(slope)} 0 ${round4(offset)}`;
    clips += `<clipPath id="pa-s${i}"><rect ${clip}/></clipPath>`;
    uses += `<use href="#pa-art" transform="matrix(${matrix})" clip-path="url(#pa-s${i})"/>`;
  }
  const shading = axis === "x" ? "url(#cy)" : "url(#cx)";
  return `<defs>${clips}<mask id="pa-ink" style="mask-type:alpha"><use href="#pa-wrap"/></mask></defs><g id="pa-wrap">${uses}</g><rect width="${rule.areaMm.width}" height="${rule.areaMm.height}" fill="${shading}" mask="url(#pa-ink)"/>`;
}
const round4 = (value: number) => Math.round(value * 10000) / 10000;

/** A one-tone process (foil, engraving) turns the logo into its tone, keeping its shape. */
const toneFilter = (tone: string) =>
  `<filter id="pa-tone"><feFlood flood-color="${tone}"/><feComposite in2="SourceAlpha" operator="in"/></filter>`;

/**
 * The print area placed on the item: a nested <svg> whose units are the area's millimetres, clipping
 * what it holds. The flat art is the element marked `data-art` (what the studio rewrites as the buyer
 * edits); on a cylinder it is drawn round the curve from there.
 */
function printArea(design: ArtDesign, rule: PrintRule): string {
  const { x, y, w, h, transform } = rule.drawing;
  const art = `<g id="pa-art" data-art="">${printedDesign(design, rule.areaMm)}</g>`;
  const tone = design.tone ? toneFilter(design.tone) : "";
  const content = rule.cylinder
    ? `<defs>${tone}${art}</defs>${wrapped({ ...rule, cylinder: rule.cylinder })}`
    : `${tone ? `<defs>${tone}</defs>` : ""}${art}`;
  const area = `<svg data-print-area="" x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 ${rule.areaMm.width} ${rule.areaMm.height}" overflow="hidden">${content}</svg>`;
  return transform ? `<g transform="${transform}">${area}</g>` : area;
}

/**
 * The drawing of one catalogue item (its kind is read from the id's ending, e.g. "-chit-pad"). With a
 * design, the item carries the buyer's name, colours and logo in its print area instead of its own brand.
 */
export function itemArt(product: DrawnItem, design?: ArtDesign): string {
  const kind = itemKind(product.id);
  if (!kind)
    throw new Error(
      `No drawing for '${product.id}': add its kind to app/content/print-rules.ts and app/lib/product-art.ts`,
    );
  const draw = kinds[kind][0];
  if (!design) return draw(artOf(product), product.id);
  return draw({ ...artOf(product), name: "", company: "" }, product.id) + printArea(design, printRules[kind]);
}

/** How much larger than drawn an item looks best on its own image (small items are enlarged). */
export function itemScale(product: Pick<Product, "id">): number {
  const kind = itemKind(product.id);
  return (kind && kinds[kind][1]) ?? 1;
}

export { pen as penArt };

// ---------- framing ----------

type Placed = { art: string; x: number; y: number; scale: number };

/**
 * A whole image: a soft background in the brand's tint, the items placed on it (each drawn in an
 * 800x600 space) and, optionally, a tag with the brand name and colour.
 */
export function frame(opts: {
  width: number;
  height: number;
  colour: string;
  items: Placed[];
  title: string;
  tag?: { text: string; colour: string };
}) {
  const { width: w, height: h, colour } = opts;
  const tagWidth = opts.tag ? Math.round(opts.tag.text.length * 9.2 + 58) : 0;
  const tag = opts.tag
    ? `<g transform="translate(28 28)"><rect width="${tagWidth}" height="40" rx="20" fill="#ffffff" opacity=".92"/><circle cx="22" cy="20" r="9" fill="${opts.tag.colour}"/><text x="40" y="26" font-family="${FONT}" font-size="16" font-weight="600" fill="#0f172a">${escapeXml(opts.tag.text)}</text></g>`
    : "";
  const items = opts.items
    .map((item) => `<g transform="translate(${item.x} ${item.y}) scale(${item.scale})">${item.art}</g>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>${escapeXml(opts.title)}</title>${defs}<rect width="${w}" height="${h}" fill="${tint(colour, 0.9)}"/><circle cx="${w * 0.82}" cy="${h * 0.18}" r="${h * 0.45}" fill="${tint(colour, 0.8)}"/><circle cx="${w * 0.08}" cy="${h * 0.95}" r="${h * 0.25}" fill="${tint(colour, 0.84)}"/>${items}${tag}</svg>\n`;
}

/** The 800x600 image of one catalogue item; with a design, the buyer's mockup, titled `title`. */
export function productImage(
  product: Pick<Product, "id" | "brand" | "colour" | "title">,
  design?: { art: ArtDesign; title: string },
): string {
  const scale = itemScale(product);
  return frame({
    width: 800,
    height: 600,
    colour: product.colour,
    title: design?.title ?? `${product.title} (${product.brand})`,
    items: [{ art: itemArt(product, design?.art), x: 400 - 400 * scale, y: 300 - 300 * scale + 10, scale }],
    tag: design ? undefined : { text: product.brand, colour: product.colour },
  });
}
