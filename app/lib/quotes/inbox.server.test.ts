import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { exportColumns, parseInboxArgs, toCsv, toJson, toText, UsageError, withDeskRecords } from "./inbox.server";
import { QuoteStore } from "./store.server";

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
    expect(csv.split("\r\n")[0]).toBe(exportColumns.join(","));
    expect(csv).toContain(`"'=HYPERLINK(""x""), ""quoted""\nline two"`); // formula defused, quotes doubled
    expect(csv).toContain(",+92 300 1234567,"); // a phone number stays as typed
  });

  it("exports what the desk did: status, reason, history and replies, with who and when", () => {
    const store = storeWith(["2026-01-10T08:00:00Z"]);
    const [quote] = store.list();
    const staff = { name: "Bilal", email: "bilal@promo.example" };
    store.queueReply(quote!.id, "Thank you, our prices follow.", staff, "reply-1", new Date("2026-01-10T09:00:00Z"));
    store.setStatus(quote!.id, "lost", "Budget", staff, new Date("2026-01-12T09:00:00Z"));
    const exported = withDeskRecords(store, store.list());
    store.close();

    const [json] = JSON.parse(toJson(exported)) as Record<string, unknown>[];
    expect(json).toMatchObject({
      reference: "Q-2026-0001",
      status: "lost",
      statusReason: "Budget",
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
    expect(csv).toContain("2026-01-12 14:00 PKT · Bilal <bilal@promo.example> · status: Status: Lost (Budget)");
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

  it("prints a readable list", () => {
    const store = storeWith(["2026-01-10T08:00:00Z"]);
    const text = toText(store.list(), "quotes.db");
    store.close();
    expect(text).toContain("1 quote request, newest first");
    expect(text).toContain("Q-2026-0001 (#1)  2026-01-10 08:00 UTC  [new]  Buyer 0 <b0@x.example>  +92 300 1234567");
    expect(toText([], "quotes.db")).toBe("No quote requests (quotes.db).");
  });
});
