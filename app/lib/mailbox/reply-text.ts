/**
 * A reply without the quoted history below it, where a mail program marked it plainly: a line such as
 * "On Mon, 12 Jan 2026, Ayesha <a@x.example> wrote:" (Gmail may break it over two lines; Urdu Gmail
 * ends it in "نے لکھا:"), Outlook's "-----Original Message-----" or its "From: … Sent: …" block, and a
 * last block of lines starting with ">". When nothing is left (an answer written between the quoted
 * lines), the whole text is kept: better a long message than a lost one.
 */
export function withoutQuotedHistory(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let end = lines.findIndex((line, index) => startsHistory(lines, index, line.trim()));
  if (end === -1) end = lines.length;
  // A last block of quoted lines (and blank lines between them).
  let quotedFrom = end;
  while (quotedFrom > 0 && /^\s*(>|$)/.test(lines[quotedFrom - 1]!)) quotedFrom -= 1;
  if (lines.slice(quotedFrom, end).some((line) => line.trim().startsWith(">"))) end = quotedFrom;
  const reply = lines.slice(0, end).join("\n").trim();
  return reply || text.trim();
}

function startsHistory(lines: string[], index: number, line: string): boolean {
  if (/^-{2,}\s*Original Message\s*-{2,}$/i.test(line)) return true;
  if (/^On\s.{4,300}\swrote:$/.test(line)) return true;
  // Gmail's attribution broken over two lines: "On …, Ayesha <a@x.example>" then "wrote:".
  const next = (lines[index + 1] ?? "").trim();
  if (/^On\s.{4,300}$/.test(line) && /^wrote:$/.test(next)) return true;
  if (/نے لکھا\s*:$/.test(line)) return true;
  // Outlook: "From: …" with "Sent: …" or "Date: …" within the next lines.
  if (/^From:\s*\S/.test(line)) {
    return lines.slice(index + 1, index + 4).some((after) => /^(Sent|Date):\s*\S/.test(after.trim()));
  }
  return false;
}
