import { describe, expect, it } from "vitest";
import { layoutText, type Line } from "./text-runs";

// The order a reader of Urdu expects: each typed line reads in the direction of its first letter, Urdu
// words from right to left, English words and figures left to right in their place, brackets facing
// the words they hold, and lines broken where a word ends.

/** Every character one unit wide: the layout, not a font's widths, is under test. */
const measure = (text: string) => [...text].length;

/** A line as it is seen from left to right: each run's characters in the order they reach the page. */
const seen = (line: Line) =>
  line.runs.map((run) => (run.rtl && run.script === "latin" ? [...run.text].reverse().join("") : run.text));

describe("laying out text that mixes Urdu, English and figures", () => {
  it("a wholly Urdu name reads right to left: the first word typed is drawn rightmost", () => {
    const [paragraph] = layoutText("محمد عمران", 100, measure);
    expect(paragraph!.rtl).toBe(true);
    expect(seen(paragraph!.lines[0]!)).toEqual(["عمران", " ", "محمد"]);
    expect(paragraph!.lines[0]!.runs.map((run) => run.script)).toEqual(["arabic", "latin", "arabic"]);
  });

  it("an English line keeps its order around an Urdu name, and the Urdu words inside read right to left", () => {
    const [paragraph] = layoutText("Ayesha Khan (عائشہ خان) paid 12,500", 100, measure);
    expect(paragraph!.rtl).toBe(false);
    expect(seen(paragraph!.lines[0]!)).toEqual(["Ayesha Khan (", "خان", " ", "عائشہ", ") paid 12,500"]);
  });

  it("English words and figures inside an Urdu address stay left to right in their place", () => {
    const [gulberg] = layoutText("گلبرگ III، لاہور", 100, measure);
    expect(seen(gulberg!.lines[0]!)).toEqual(["لاہور", " ", "،", "III", " ", "گلبرگ"]);
    const [house] = layoutText("عائشہ (خان) 12-بی", 100, measure);
    // Brackets face the word they hold: the opening one typed first sits on its right.
    expect(seen(house!.lines[0]!).join("")).toBe("بی-12 (خان) عائشہ");
  });

  it("Urdu figures read left to right inside an Urdu line", () => {
    const [paragraph] = layoutText("نوٹ بک ۱۲۳ عدد", 100, measure);
    const line = paragraph!.lines[0]!;
    expect(seen(line)).toEqual(["عدد", " ", "۱۲۳", " ", "بک", " ", "نوٹ"]);
    expect(line.runs.find((run) => run.text === "۱۲۳")).toMatchObject({ script: "arabic", rtl: false });
  });

  it("breaks a long Urdu address between words, the first words typed on the first line, none wider than the box", () => {
    const paragraphs = layoutText("ڈاکٹر عائشہ خان، 12-بی، ماڈل ٹاؤن، لاہور\nPlot 5", 20, measure);
    expect(paragraphs.map((paragraph) => paragraph.rtl)).toEqual([true, false]);
    const lines = paragraphs[0]!.lines;
    expect(lines.map((line) => seen(line).join(""))).toEqual(["خان، عائشہ ڈاکٹر", "ٹاؤن، ماڈل بی،-12", "لاہور"]);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(20);
    expect(seen(paragraphs[1]!.lines[0]!)).toEqual(["Plot 5"]);
  });

  it("cuts a word wider than the box where it overflows, and keeps a blank typed line", () => {
    const paragraphs = layoutText("Reference ABCDEFGHIJKLMNOP\n\nend", 10, measure);
    expect(paragraphs[0]!.lines.map((line) => seen(line).join(""))).toEqual(["Reference", "ABCDEFGHIJ", "KLMNOP"]);
    expect(paragraphs[1]!.lines).toEqual([{ runs: [], width: 0, arabic: false }]);
    expect(layoutText("", 10, measure)).toEqual([]);
  });
});
