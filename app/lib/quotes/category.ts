import { products } from "~/content/catalogue";
import { type CategorySlug, categories, categorySlugs } from "~/content/categories";

export { categoryLabel, isRequestCategory, type RequestCategory, requestCategories } from "./request-categories";
import type { RequestCategory } from "./request-categories";

/**
 * What buyers call the things of each category, in English and Urdu (singular: an English word also
 * matches with -s, -es or -ies). A phrase is matched as whole words; of phrases starting at the same
 * word the longest wins ("pen holder" before "pen"). Null: words that name no category and must not be
 * read as one ("pen drive" is a USB stick, not a pen).
 */
const namesByCategory: Record<CategorySlug, readonly string[]> = {
  pens: [
    "pen",
    "ball pen",
    "ballpen",
    "ballpoint",
    "ball point",
    "ballpoint pen",
    "biro",
    "gel pen",
    "metal pen",
    "highlighter",
    "قلم",
    "قلمیں",
    "قلموں",
    "پین",
    "پینز",
    "بال پین",
    "بال پوائنٹ",
  ],
  "paper-chit-pads": [
    "chit",
    "chit pad",
    "chit box",
    "chit pad box",
    "notepad",
    "note pad",
    "memo pad",
    "sticky note",
    "paper cube",
    "note cube",
    "پرچی",
    "چٹ",
    "چٹ پیڈ",
    "نوٹ پیڈ",
    "میمو پیڈ",
  ],
  drinkware: [
    "mug",
    "coffee mug",
    "travel mug",
    "cup",
    "tumbler",
    "bottle",
    "water bottle",
    "flask",
    "drinkware",
    "مگ",
    "کپ",
    "بوتل",
    "بوتلیں",
    "تھرماس",
  ],
  "office-accessories": [
    "pen holder",
    "pen stand",
    "pen pot",
    "desk organiser",
    "desk organizer",
    "organiser",
    "organizer",
    "mouse pad",
    "mousepad",
    "mouse mat",
    "calendar",
    "desk calendar",
    "paperweight",
    "paper weight",
    "diary",
    "notebook",
    "planner",
    "keychain",
    "key chain",
    "key ring",
    "card holder",
    "ڈائری",
    "ڈائریاں",
    "نوٹ بک",
    "کیلنڈر",
    "ماؤس پیڈ",
    "پین ہولڈر",
    "پیپر ویٹ",
    "کی چین",
  ],
  games: ["game", "puzzle", "maze", "maze game", "jigsaw", "گیم", "کھیل", "پزل"],
  shirts: [
    "shirt",
    "t shirt",
    "tshirt",
    "tee",
    "polo",
    "polo shirt",
    "baseball cap",
    "apparel",
    "hoodie",
    "jacket",
    "uniform",
    "شرٹ",
    "شرٹس",
    "ٹی شرٹ",
    "قمیض",
    "قمیص",
    "پولو",
    "ٹوپی",
    "کیپ",
  ],
  acrylic: [
    "acrylic",
    "award",
    "trophy",
    "trophies",
    "shield",
    "plaque",
    "crystal award",
    "ایوارڈ",
    "ٹرافی",
    "شیلڈ",
    "ایکریلک",
  ],
  clocks: ["clock", "wall clock", "گھڑی", "گھڑیاں", "گھڑیوں", "کلاک", "وال کلاک"],
};

/** Words that contain a category's word but name something else. */
const notACategory = ["pen drive", "pendrive", "usb", "پین ڈرائیو"];

/**
 * Text as it is compared: lower case, accents and Urdu's vowel marks dropped, the Arabic keyboard's
 * letters as Urdu writes them (ي ى → ی, ك → ک, ه ة ھ → ہ), anything but letters and digits a break.
 */
export function comparableWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[يى]/g, "ی")
    .replace(/ك/g, "ک")
    .replace(/[هةھ]/g, "ہ")
    .replace(/\u0640/g, "") // the tatweel that stretches a word
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

type Phrase = { words: string[]; category: CategorySlug | null };

/** Every phrase, longest first: the names above, each category's label and title, each item's title and id. */
const phrases: Phrase[] = [
  ...categorySlugs.flatMap((slug) =>
    [...namesByCategory[slug], categories[slug].label, categories[slug].title].map((name) => ({
      words: comparableWords(name),
      category: slug as CategorySlug | null,
    })),
  ),
  ...products.flatMap((product) =>
    [product.title, product.id].map((name) => ({ words: comparableWords(name), category: product.category })),
  ),
  ...notACategory.map((name) => ({ words: comparableWords(name), category: null })),
].sort((a, b) => b.words.length - a.words.length);

/** A word of the text as a name's word: itself, or an English plural of it (pens, boxes, diaries). */
const sameWord = (word: string, name: string) =>
  word === name ||
  word === `${name}s` ||
  word === `${name}es` ||
  (name.endsWith("y") && word === `${name.slice(0, -1)}ies`);

/**
 * The category the words name first (reading from the start; at one word, the longest name), or null
 * when they name none.
 */
export function categoryInWords(text: string): CategorySlug | null {
  const words = comparableWords(text);
  for (let at = 0; at < words.length;) {
    const found = phrases.find(
      (phrase) =>
        at + phrase.words.length <= words.length &&
        phrase.words.every((name, offset) => sameWord(words[at + offset]!, name)),
    );
    if (found?.category) return found.category;
    at += found ? found.words.length : 1;
  }
  return null;
}

const categoryById = new Map(products.map((product) => [product.id, product.category]));

/**
 * A request's category: its studio design's item's, else the first category its product's words name,
 * else the first its message names, else Other. Kept on the request when it arrives (quotes.category,
 * staff may correct it), so the reports count it in SQL.
 */
export function requestCategory(product: string, designItemId: string | null, message = ""): RequestCategory {
  const fromDesign = designItemId === null ? undefined : categoryById.get(designItemId);
  return fromDesign ?? categoryInWords(product) ?? categoryInWords(message) ?? "other";
}
