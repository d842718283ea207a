// Text typed on the site, made into what the PDFs' built-in fonts (Helvetica and Courier, no font file
// shipped) can print. Those fonts print WinAnsi: Latin-1 plus the typographic characters below. A
// textarea sends its line breaks as "\r\n", and pdfkit breaks lines only at "\n" and prints the "\r"
// as a stray letter, so every kind of line break becomes "\n" here, before any text reaches pdfkit.
// Nothing the fonts lack is dropped silently: letters with an accent the fonts lack keep their letter,
// Urdu becomes a marker that says Urdu was written there (printableWithUrdu keeps it instead, for the
// PDFs that embed an Urdu font), and anything else becomes a visible "[?]".

/** What a run of Urdu (Arabic script) becomes in a PDF: the fonts have no Urdu letters. */
export const urduMarker = "[Urdu text]";
/** What a run of other characters the fonts lack becomes (emoji, Chinese…). */
export const unknownMarker = "[?]";

// WinAnsi's characters beyond Latin-1, all in Helvetica's and Courier's built-in encoding.
const winAnsiExtras = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** True for a character the built-in fonts print. */
export function printableCharacter(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char);
}

const lineBreak = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;
const spaces = /[\t\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
const hyphens = /[\u2010\u2011\u2012\u2212]/g; // hyphens and the minus sign print as "-", en dash stays "–"
// Characters with no look at all: controls, soft hyphens, zero-width joiners, direction marks, the BOM.
const invisible = /(?!\n)[\p{Cc}\p{Cf}]/gu;
// Urdu words and what sits between them ("عائشہ خان" is one name, one marker).
const urdu = /\p{Script=Arabic}+(?:[\s\u060c\u061b\u061f\u06d4.,:;!?()-]+\p{Script=Arabic}+)*/gu;

// Letters with a stroke rather than an accent: Unicode does not decompose them.
const strokeless: Record<string, string> = { ł: "l", Ł: "L", đ: "d", Đ: "D", ħ: "h", Ħ: "H", ı: "i", ŧ: "t", Ŧ: "T" };

/** One character the fonts print for `char`, or "" when there is none: "Ş" → "S", "ł" → "l". */
function nearest(char: string): string {
  const base = char.normalize("NFKD").replace(/\p{M}/gu, "").normalize("NFC");
  if (base !== "" && [...base].every(printableCharacter)) return base;
  return strokeless[char] ?? "";
}

// Arabic-script characters an Urdu font prints, and the joiners that decide how Urdu letters join.
const arabicScript = /[\p{Script_Extensions=Arabic}\u200c\u200d]/u;
const invisibleBesideJoiners = /(?!\n)(?![\u200c\u200d])[\p{Cc}\p{Cf}]/gu;

/**
 * The text as the built-in fonts print it, its lines separated by "\n" only, the ends of the whole text
 * trimmed: "Plot 5,\r\nKorangi\r\n" → "Plot 5,\nKorangi".
 */
export function printable(text: string): string {
  return fitted(text, false);
}

/**
 * As printable(), but Urdu (Arabic script, with the joiners inside its words) kept as typed: for a PDF
 * that embeds an Urdu font beside the built-in ones (app/lib/pdf-text).
 */
export function printableWithUrdu(text: string): string {
  return fitted(text, true);
}

function fitted(text: string, keepUrdu: boolean): string {
  const normal = text
    .replace(lineBreak, "\n")
    .replace(spaces, " ")
    .replace(hyphens, "-")
    .replace(keepUrdu ? invisibleBesideJoiners : invisible, "")
    .replace(/\ue000/g, "\ufffd"); // the private character that stands for Urdu below
  const plain = keepUrdu ? normal : normal.replace(urdu, "\ue000");
  let out = "";
  let unknownRun = false; // a run of unknown characters ("🙂🙂") is one marker
  for (const char of plain) {
    const kept =
      char === "\n" || char === "\ue000" || printableCharacter(char) || (keepUrdu && arabicScript.test(char));
    const shown = kept ? char : nearest(char);
    if (shown === "" && !unknownRun) out += unknownMarker;
    unknownRun = shown === "";
    out += shown;
  }
  return out
    .replace(/\ue000/g, urduMarker)
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .trim();
}

/** The lines of `text` as the fonts print them, one per line typed (a blank line stays blank). */
export function printableLines(text: string): string[] {
  const shown = printable(text);
  return shown === "" ? [] : shown.split("\n");
}
