import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

// PDFs are read back as a person reads them: their text, in reading order, by poppler's pdftotext
// (a real reader, not the library that wrote them).

const pdftotextBinary = process.env.PDFTOTEXT_PATH ?? "/usr/bin/pdftotext";

/** pdftotext's path; installs Debian's poppler-utils when it is missing on a Debian machine as root. */
function pdftotextPath(): string {
  if (existsSync(pdftotextBinary)) return pdftotextBinary;
  if (process.getuid?.() === 0 && existsSync("/etc/debian_version")) {
    execFileSync("sh", ["-c", "apt-get update -qq && apt-get install -y -qq poppler-utils"], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (existsSync(pdftotextBinary)) return pdftotextBinary;
  }
  throw new Error(
    `No pdftotext at ${pdftotextBinary} to read PDFs back.\n` +
      "Install Debian's or Ubuntu's package (`sudo apt-get install poppler-utils`), or point PDFTOTEXT_PATH at one.",
  );
}

/** The text of a PDF, its layout kept (columns stay on their lines), whitespace runs made single spaces per line. */
export function pdfText(pdf: Uint8Array): string {
  const text = execFileSync(pdftotextPath(), ["-layout", "-enc", "UTF-8", "-", "-"], {
    input: pdf,
    maxBuffer: 1 << 24,
  });
  return text
    .toString("utf8")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** How many pages a PDF has, as its reader counts them. */
export function pdfPageCount(pdf: Uint8Array): number {
  const info = execFileSync(pdftotextPath().replace(/pdftotext$/, "pdfinfo"), ["-"], { input: pdf }).toString("utf8");
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

/** A word of a PDF where pdftotext finds it: its left and bottom edges, in points from the page's top left. */
export type PdfWord = { word: string; x: number; bottom: number };

/**
 * The words of a PDF as pdftotext finds them, with the letters in the order they were typed, and where
 * they are. Its word list (-bbox) reads a right-to-left word's marked text as written, where its plain
 * text output turns such a word around.
 */
export function pdfWordBoxes(pdf: Uint8Array): PdfWord[] {
  const xhtml = execFileSync(pdftotextPath(), ["-bbox", "-enc", "UTF-8", "-", "-"], {
    input: pdf,
    maxBuffer: 1 << 24,
  }).toString("utf8");
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return [...xhtml.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
    (match) => ({
      word: match[3]!.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name]!),
      x: Number(match[1]),
      bottom: Number(match[2]),
    }),
  );
}

/** The words of a PDF as pdftotext finds them, each with its letters in the order they were typed. */
export const pdfWords = (pdf: Uint8Array): string[] => pdfWordBoxes(pdf).map((box) => box.word);
