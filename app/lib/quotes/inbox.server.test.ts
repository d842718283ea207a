import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseCsv } from "../../../tests/support/csv";
import { createHash } from "node:crypto";
import { Messaging } from "~/lib/messaging/messaging.server";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import {
  csvColumns,
  exportColumns,
  parseInboxArgs,
  toCsv,
  toJson,
  toText,
  UsageError,
  withDeskRecords,
} from "./inbox.server";
import { QuoteStore } from "./store.server";
import { queueReply } from "~/lib/quotes/messages.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function storeWith(dates: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "inbox-test-"));
  dirs.push(dir);
  const store = QuoteStore.open(dir);
  dates.forEach((date, n) =>
    store.insert(
      {
        name: `Buyer ${n}`,
        company: "",
        email: `b${n}@x.example`,
        phone: "+92 300 1234567",
        product: "",
        message: `=HYPERLINK("x"), "quoted"\nline two`,
      },
      {
        clientIp: "203.0.113.1",
        userAgent: "test",
        page: "/contact",
        idempotencyKey: `inbox-key-${String(n).padStart(8, "0")}`,
      },
      { notify: false, now: new Date(date) },
    ),
  );
  return store;
}

describe("inbox command", () => {
  it("reads list, --json, --csv and --since", () => {
    expect(parseInboxArgs(["list"])).toEqual({ command: "list", format: "text", since: undefined });
    expect(parseInboxArgs(["list", "--json", "--since", "2026-01-31"])).toEqual({
      command: "list",
      format: "json",
      since: "2026-01-31",
    });
    expect(parseInboxArgs(["list", "--csv"])).toEqual({ command: "list", format: "csv", since: undefined });
    expect(parseInboxArgs(["export", "--attachments", "out"])).toEqual({ command: "export", attachmentsDir: "out" });
    expect(parseInboxArgs(["delete", "12"])).toEqual({ command: "delete", id: 12 });
    for (const bad of [
      [],
      ["delete"],
      ["delete", "x"],
      ["export"],
      ["list", "--attachments", "out"],
      ["list", "--since", "31/01/2026"],
      ["list", "--since", "2026-02-30"],
      ["list", "--json", "--csv"],
      ["list", "--xml"],
    ]) {
      expect(() => parseInboxArgs(bad)).toThrow(UsageError);
    }
  });

  it("lists newest first, and --since keeps the requests from that day on", () => {
    const store = storeWith([
      "2026-01-10T08:00:00Z",
      "2026-01-31T23:59:00Z",
      "2026-01-30T23:59:59Z",
      "2026-02-01T09:00:00Z",
    ]);
    expect(store.list().map((quote) => quote.name)).toEqual(["Buyer 3", "Buyer 1", "Buyer 2", "Buyer 0"]);
    expect(store.list({ since: "2026-01-31" }).map((quote) => quote.name)).toEqual(["Buyer 3", "Buyer 1"]);
    store.close();
  });

  it("exports every field as JSON and CSV, escaped for spreadsheets", () => {
    const store = storeWith(["2026-01-10T08:00:00Z"]);
    const quotes = store.list();
    store.close();
    const [json] = JSON.parse(toJson(quotes)) as Record<string, unknown>[];
    expect(Object.keys(json!)).toEqual([...exportColumns]);
    expect(json).toMatchObject({
      name: "Buyer 0",
      receivedAt: "2026-01-10T08:00:00.000Z",
      notifyStatus: "off",
      clientIp: "203.0.113.1",
    });

    const csv = toCsv(quotes);
    const [header] = csv.split("\r\n");
    expect(header).toBe(csvColumns.join(",")); // the first row: a spreadsheet's filters take it as the header
    expect(csvColumns.slice(0, exportColumns.length)).toEqual([...exportColumns]);
    expect(csv).toContain(`"'=HYPERLINK(""x""), ""quoted""\nline two"`); // formula defused, quotes doubled
    expect(csv).toContain(`,"'+92 300 1234567",`); // a phone number too: a spreadsheet would run it
  });

  it("exports a request's quantity and needed-by date in their own columns, empty where the buyer gave none", () => {
    const store = storeWith(["2026-01-10T08:00:00Z"]);
    store.insert(
      { name: "Sana", company: "", email: "sana@x.example", phone: "", product: "Mugs", message: "Mugs" },
      { clientIp: "203.0.113.1", userAgent: "test", page: "/contact", idempotencyKey: "inbox-wants-00000001" },
      { notify: false, now: new Date("2026-01-11T08:00:00Z") },
    );
    store.db.prepare("UPDATE quotes SET quantity = 500, needed_by = '2026-02-14' WHERE name = 'Sana'").run();
    const quotes = store.list();
    store.close();
    const json = JSON.parse(toJson(quotes)) as Record<string, unknown>[];
    expect(json.map(({ name, quantity, neededBy }) => [name, quantity, neededBy])).toEqual([
      ["Sana", 500, "2026-02-14"],
      ["Buyer 0", null, null],
    ]);
    const [header, ...rows] = parseCsv(toCsv(quotes));
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(header!.slice(header!.indexOf("product"), header!.indexOf("product") + 4)).toEqual([
      "product",
      "quantity",
      "neededBy",
      "message",
    ]);
    expect(rows.map((row) => [cell(row, "name"), cell(row, "quantity"), cell(row, "neededBy")])).toEqual([
      ["Sana", "500", "2026-02-14"],
      ["Buyer 0", "", ""],
    ]);
  });

  it("exports where a request came from and how the buyer asked to be answered; the WhatsApp number with the technical columns", () => {
    const store = storeWith(["2026-01-10T08:00:00Z"]);
    store.insert(
      {
        name: "Sana",
        company: "",
        email: "sana@x.example",
        phone: "0321 7654321",
        replyChannel: "whatsapp",
        product: "Mugs",
        message: "Mugs",
      },
      { clientIp: "203.0.113.1", userAgent: "test", page: "/contact", idempotencyKey: "inbox-reply-00000001" },
      { notify: false, now: new Date("2026-01-11T08:00:00Z") },
    );
    const quotes = store.list();
    store.close();
    const [header, ...rows] = parseCsv(toCsv(quotes));
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(
      rows.map((row) => ["name", "source", "replyChannel", "whatsappNumber"].map((column) => cell(row, column))),
    ).toEqual([
      ["Sana", "website", "whatsapp", "923217654321"],
      ["Buyer 0", "website", "email", "923001234567"], // a mobile: kept for a message from it, chosen or not
    ]);
    const office = { technical: false, pakistanTimes: true };
    const [officeHeader] = parseCsv(toCsv(quotes, office));
    expect(officeHeader).toEqual(expect.arrayContaining(["source", "replyChannel"]));
    expect(officeHeader).not.toContain("whatsappNumber");
  });

  it("exports what the desk did: status, reason, history and replies, with who and when", () => {
    const store = storeWith(["2026-01-10T08:00:00Z"]);
    const [quote] = store.list();
    const staff = { name: "Bilal", email: "bilal@promo.example" };
    queueReply(
      new Messaging(store),
      quote!.id,
      "Thank you, our prices follow.",
      staff,
      "reply-1",
      new Date("2026-01-10T09:00:00Z"),
    );
    store.setStatus(quote!.id, "lost", "Price: over budget", staff, new Date("2026-01-12T09:00:00Z"));
    const exported = withDeskRecords(store, store.list());
    store.close();

    const [json] = JSON.parse(toJson(exported)) as Record<string, unknown>[];
    expect(json).toMatchObject({
      reference: "Q-2026-0001",
      status: "lost",
      statusReason: "Price: over budget",
      answeredAt: "2026-01-10T09:00:00.000Z",
      replies: [{ body: "Thank you, our prices follow.", staffName: "Bilal", status: "pending" }],
    });
    expect((json!.history as { kind: string }[]).map((event) => event.kind)).toEqual([
      "received",
      "reply",
      "status",
      "status",
    ]);
    const csv = toCsv(exported);
    expect(csv).toContain(
      "2026-01-12 14:00 PKT · Bilal <bilal@promo.example> · status: Status: Lost (Price: over budget)",
    );
    expect(csv).toContain("2026-01-10 14:00 PKT · Bilal · pending: Thank you, our prices follow.");
  });

  it("exports a studio design with its request: an object in JSON, its JSON text in CSV", () => {
    const store = storeWith(["2026-01-10T08:00:00Z"]);
    const [quote] = store.list();
    store.close();
    const design = {
      itemId: "onset-pen",
      text: "ACME",
      colours: ["#00897b"],
      logo: { xMm: 1, yMm: 0.5, widthMm: 10, heightMm: 5 },
      warnings: [],
    };
    const [json] = JSON.parse(toJson([{ ...quote!, design }])) as Record<string, unknown>[];
    expect(json!.design).toEqual(design);
    expect((JSON.parse(toJson([quote!])) as Record<string, unknown>[])[0]!.design).toBeNull();
    expect(toText([{ ...quote!, design }], "quotes.db")).toContain('Design: "ACME" on onset-pen');
    expect(toCsv([{ ...quote!, design }])).toContain(`"{""itemId"":""onset-pen"",""text"":""ACME""`);
  });

  it("exports each request's proofs with the buyer's answers: nested in JSON, one row per request in CSV", async () => {
    const store = storeWith(["2026-01-10T08:00:00Z", "2026-01-11T08:00:00Z"]);
    const [, quote] = store.list().reverse();
    const proofs = new ProofDesk(store);
    const staff = { name: "Bilal", email: "bilal@promo.example" };
    const file = (text: string) => ({ data: new TextEncoder().encode(text), mediaType: "image/png" as const });
    proofs.send(quote!, file("v1"), "Blue", staff, null, new Date("2026-01-12T06:00:00Z"));
    await proofs.answer(quote!, 1, { kind: "changes", text: "Bigger, please" }, null, new Date("2026-01-12T07:00:00Z"));
    proofs.send(quote!, file("v2"), "", staff, null, new Date("2026-01-13T06:00:00Z"));
    await proofs.answer(
      quote!,
      2,
      { kind: "approved", name: "=Dr. Ayesha Khan", role: "Brand Manager" },
      null,
      new Date("2026-01-13T09:30:00Z"),
    );
    const v2Hash = createHash("sha256").update("v2").digest("hex");
    const exported = withDeskRecords(store, store.list());
    store.close();

    const [withProofs, without] = JSON.parse(toJson(exported)) as Record<string, unknown>[];
    expect(without!.proofs).toEqual([]);
    expect(withProofs!.proofs).toEqual([
      {
        version: 1,
        sent: "2026-01-12 11:00 PKT",
        fileName: "Q-2026-0002-proof-v1.png",
        mediaType: "image/png",
        bytes: 2,
        sha256: createHash("sha256").update("v1").digest("hex"),
        message: "Blue",
        status: "changes requested",
        summary: "Changes requested on v1",
        answer: {
          kind: "changes",
          name: null,
          role: null,
          at: "2026-01-12 12:00 PKT",
          changes: "Bigger, please",
          sha256: createHash("sha256").update("v1").digest("hex"),
        },
      },
      expect.objectContaining({
        version: 2,
        status: "approved",
        answer: expect.objectContaining({
          name: "=Dr. Ayesha Khan",
          role: "Brand Manager",
          at: "2026-01-13 14:30 PKT",
        }),
      }),
    ]);

    const [header, ...rows] = parseCsv(toCsv(exported));
    const row = (reference: string) =>
      Object.fromEntries(header!.map((name, index) => [name, rows.find((cells) => cells[1] === reference)![index]]));
    expect(rows).toHaveLength(2);
    expect(row("Q-2026-0002")).toMatchObject({
      latestProofVersion: "2",
      latestProofStatus: "approved",
      approvedVersion: "2",
      approvedBy: "'=Dr. Ayesha Khan", // a formula defused
      approvedRole: "Brand Manager",
      approvedAt: "2026-01-13 14:30 PKT",
      approvedFileSha256: v2Hash,
    });
    expect(row("Q-2026-0002").proofs!.split("\n")).toEqual([
      expect.stringMatching(
        /^v1 · sent 2026-01-12 11:00 PKT · Q-2026-0002-proof-v1\.png · SHA-256 [0-9a-f]{64} · changes requested 2026-01-12 12:00 PKT: Bigger, please$/,
      ),
      `v2 · sent 2026-01-13 11:00 PKT · Q-2026-0002-proof-v2.png · SHA-256 ${v2Hash} · approved 2026-01-13 14:30 PKT by =Dr. Ayesha Khan, Brand Manager`,
    ]);
    expect(row("Q-2026-0001")).toMatchObject({ proofs: "", latestProofVersion: "", approvedBy: "" });

    // The plain listing names each version and the buyer's answer under its request.
    const text = toText(exported, "quotes.db");
    expect(text).toContain("    Proof v1 · sent 2026-01-12 11:00 PKT · Q-2026-0002-proof-v1.png");
    expect(text).toContain(
      `    Proof v2 · sent 2026-01-13 11:00 PKT · Q-2026-0002-proof-v2.png · SHA-256 ${v2Hash} · approved`,
    );
    expect(text.split("Q-2026-0001")[1]).not.toContain("Proof");
  });

  it("prints a readable list", () => {
    const store = storeWith(["2026-01-10T08:00:00Z"]);
    const text = toText(store.list(), "quotes.db");
    store.close();
    expect(text).toContain("1 quote request, newest first");
    expect(text).toContain("Q-2026-0001 (#1)  2026-01-10 08:00 UTC  [new]  Buyer 0 <b0@x.example>  +92 300 1234567");
    expect(toText([], "quotes.db")).toBe("No quote requests (quotes.db).");
  });
});

describe("the CSV export against spreadsheet formulas", () => {
  type BuyerFields = { name: string; company: string; message: string; phone: string; userAgent: string };
  type Approver = { name: string; role: string };

  /** Requests as the form and a proof page store them; the parsed CSV's cells by column, one row each. */
  async function exportedRows(requests: { buyer: BuyerFields; approver: Approver }[]) {
    const dir = mkdtempSync(join(tmpdir(), "inbox-csv-test-"));
    dirs.push(dir);
    const store = QuoteStore.open(dir);
    const proofs = new ProofDesk(store);
    const staff = { name: "Bilal", email: "bilal@promo.example" };
    for (const [n, { buyer, approver }] of requests.entries()) {
      const { userAgent, ...fields } = buyer;
      const { quote } = store.insert(
        { ...fields, email: `b${n}@x.example`, product: "" },
        {
          clientIp: "203.0.113.1",
          userAgent,
          page: "/contact",
          idempotencyKey: `csv-key-${String(n).padStart(8, "0")}`,
        },
        { notify: false, now: new Date("2026-01-10T08:00:00Z") },
      );
      const file = { data: new TextEncoder().encode(`proof ${n}`), mediaType: "image/png" as const };
      proofs.send(quote, file, "", staff, null, new Date("2026-01-12T06:00:00Z"));
      await proofs.answer(quote, 1, { kind: "approved", ...approver }, null, new Date("2026-01-12T07:00:00Z"));
    }
    const csv = toCsv(withDeskRecords(store, store.list()));
    store.close();
    const [header, ...rows] = parseCsv(csv);
    const records = rows.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index]!])));
    return { csv, records: records.sort((a, b) => a.id!.localeCompare(b.id!, "en", { numeric: true })) };
  }

  const cellsOf = (record: Record<string, string>) => ({
    name: record.name,
    company: record.company,
    message: record.message,
    phone: record.phone,
    userAgent: record.userAgent,
    approvedBy: record.approvedBy,
    approvedRole: record.approvedRole,
  });

  it.each([
    ["=", "="],
    ["+", "+"],
    ["-", "-"],
    ["@", "@"],
    ["a tab", "\t"],
    ["a carriage return", "\r"],
  ])("defuses a cell starting with %s in every field a buyer or an approver fills", async (_, first) => {
    const value = (field: string) => `${first}2+3+cmd|' /C calc'!A0 ${field}`;
    const buyer = {
      name: value("name"),
      company: value("company"),
      message: value("message"),
      phone: `${first}92 300 1234567`,
      userAgent: value("userAgent"),
    };
    const approver = { name: value("approver"), role: value("role") };
    const { csv, records } = await exportedRows([{ buyer, approver }]);
    expect(cellsOf(records[0]!)).toEqual({
      name: `'${buyer.name}`,
      company: `'${buyer.company}`,
      message: `'${buyer.message}`,
      phone: `'${buyer.phone}`,
      userAgent: `'${buyer.userAgent}`,
      approvedBy: `'${approver.name}`,
      approvedRole: `'${approver.role}`,
    });
    // Each defused cell is quoted, so the apostrophe is the first character a spreadsheet reads.
    expect(csv).toContain(`,"'${buyer.phone}",`);
  });

  it("defuses the attacks as they were reported: a command, and a link that sends the sheet away", async () => {
    const command = "-2+3+cmd|' /C calc'!A0";
    const link = '+1+HYPERLINK("https://…",…)';
    const { csv, records } = await exportedRows([
      {
        buyer: { name: command, company: link, message: link, phone: "+92 300 1234567", userAgent: command },
        approver: { name: link, role: command },
      },
    ]);
    expect(cellsOf(records[0]!)).toEqual({
      name: `'${command}`,
      company: `'${link}`,
      message: `'${link}`,
      phone: "'+92 300 1234567",
      userAgent: `'${command}`,
      approvedBy: `'${link}`,
      approvedRole: `'${command}`,
    });
    expect(csv).toContain(`"'-2+3+cmd|' /C calc'!A0"`);
    expect(csv).toContain(`"'+1+HYPERLINK(""https://…"",…)"`);
  });

  it("defuses a formula behind spaces, a line break or quote characters, and keeps a buyer's own apostrophe readable", async () => {
    const buyer = {
      name: " =1+1",
      company: '"=1+1"',
      message: "\n-1+1",
      phone: "'+92 300 1234567",
      userAgent: "'=1+1",
    };
    const { records } = await exportedRows([{ buyer, approver: { name: " @SUM(1+1)", role: "'ok" } }]);
    expect(cellsOf(records[0]!)).toEqual({
      name: "' =1+1",
      company: `'"=1+1"`,
      message: "'\n-1+1",
      phone: "''+92 300 1234567", // one apostrophe added: the office's guide says the first is the export's
      userAgent: "''=1+1",
      approvedBy: "' @SUM(1+1)",
      approvedRole: "''ok",
    });
  });

  it("leaves a value that starts with an ordinary character as it is", async () => {
    const buyer = {
      name: "Ayesha Khan",
      company: "3M Pakistan (Pvt) Ltd",
      message: "500 pens = 2 cartons, +logo @ Rs 40 - each",
      phone: "0300 1234567",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0",
    };
    const approver = { name: "Dr. Ayesha Khan", role: "Brand Manager" };
    const { records } = await exportedRows([{ buyer, approver }]);
    expect(cellsOf(records[0]!)).toEqual({
      ...buyer,
      approvedBy: approver.name,
      approvedRole: approver.role,
    });
  });
});
