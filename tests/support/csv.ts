/** RFC 4180 as a spreadsheet reads it: quoted cells may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  const cells = /(?:"((?:[^"]|"")*)"|([^",\r\n]*))(,|\r\n|$)/gy;
  for (let match = cells.exec(text); match && match[0]; match = cells.exec(text)) {
    rows.at(-1)!.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : match[2]!);
    if (match[3] === "\r\n") rows.push([]);
  }
  return rows.filter((row) => row.length > 0);
}
