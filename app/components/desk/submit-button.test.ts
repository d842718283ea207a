import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../../tests/support/source-files";

// Every form on the desk sends through the one SubmitButton, which shows that it is working and lets
// the page ignore a second press. A button written by hand anywhere on the desk would post twice again.

const root = join(import.meta.dirname, "../../..");
const deskFolders = ["app/routes/desk", "app/components/desk", "app/components/orders"];
const sharedButton = "app/components/desk/submit-button.tsx";

/** Each opening tag of a button or input in a source, whole (attributes may hold `{…}` with a `>` inside). */
function openingTags(text: string): string[] {
  const tags: string[] = [];
  for (const start of text.matchAll(/<(?:button|Button|input|Input)\b/g)) {
    let depth = 0;
    let end = start.index + start[0].length;
    for (; end < text.length; end++) {
      const char = text[end];
      if (char === "{") depth++;
      else if (char === "}") depth--;
      else if (char === ">" && depth === 0) break;
    }
    tags.push(text.slice(start.index, end + 1));
  }
  return tags;
}

/** A tag that submits its form: a button of no type or type submit (a button's default), an input of type submit or image. */
function submits(tag: string): boolean {
  // A type chosen while rendering may be "submit": counted as one.
  if (/\btype=\{(?!")/.test(tag)) return true;
  const type = /\btype=(?:"([^"]*)"|\{"([^"]*)"\})/.exec(tag);
  const value = type?.[1] ?? type?.[2];
  if (/^<(?:input|Input)\b/.test(tag)) return value === "submit" || value === "image";
  return value === undefined || value === "submit";
}

function handWrittenSubmitButtons(files: string[]) {
  return files.flatMap((file) =>
    openingTags(readFileSync(file, "utf8"))
      .filter(submits)
      .map((tag) => `${relative(root, file)}: ${tag.replace(/\s+/g, " ").slice(0, 120)}`),
  );
}

describe("the desk's submit buttons", () => {
  const files = deskFolders
    .flatMap((folder) => sourceFiles(join(root, folder)))
    .filter((file) => relative(root, file) !== sharedButton);

  it("are all the shared SubmitButton, on every form of the desk's pages and panels", () => {
    expect(files.length).toBeGreaterThan(20);
    expect(handWrittenSubmitButtons(files)).toEqual([]);
    // The forms are there to be found: the scan reads the files that hold them.
    const shared = files.filter((file) => readFileSync(file, "utf8").includes("<SubmitButton"));
    expect(shared.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining([
        "app/routes/desk/request.tsx",
        "app/routes/desk/staff.tsx",
        "app/components/orders/payments-panel.tsx",
        "app/components/desk/desk-frame.tsx",
      ]),
    );
  });

  it("would see a button written by hand: submit, of no type, or an input", () => {
    expect(submits('<Button type="submit" variant="outline">')).toBe(true);
    expect(submits("<button className={cn(a, b)}>")).toBe(true);
    expect(submits('<Button\n  type="submit"\n  name="intent"\n  value={`remove-${index}`}\n>')).toBe(true);
    expect(submits('<input type="submit" value="Go" />')).toBe(true);
    expect(submits('<button type="button" popoverTarget="menu">')).toBe(false);
    expect(submits('<Input id="amount" name="amount" />')).toBe(false);
    expect(openingTags('<Button onClick={() => a > b} type="submit">Go</Button>')).toEqual([
      '<Button onClick={() => a > b} type="submit">',
    ]);
  });
});
