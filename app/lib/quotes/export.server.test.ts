import { createServer } from "node:http";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../../tests/support/csv";
import { tempDir } from "../../../tests/support/temp-dir";
import { exportStream } from "./inbox.server";
import { QuoteStore } from "./store.server";

const meta = (key: string) => ({
  clientIp: "203.0.113.7",
  userAgent: "=cmd|' /C calc'!A0",
  page: "/contact",
  idempotencyKey: key,
});
const staff = { name: "Bilal", email: "bilal@promo.example" };

function store(count: number) {
  const store = QuoteStore.open(tempDir("export"));
  store.db.transaction(() => {
    for (let n = 1; n <= count; n++)
      store.insert(
        {
          name: n === 2 ? '=HYPERLINK("http://evil.example")' : `Buyer ${n}`,
          company: n % 2 ? "Indus Pharma" : "Acme Traders",
          email: `buyer${n}@example.pk`,
          phone: "+92 300 1234567",
          product: "Mugs",
          message: "ہمیں 500 کپ چاہیئں",
        },
        meta(`k${n}`),
        { notify: false, now: new Date(Date.parse("2026-11-20T08:05:00Z") + n * 60_000) },
      );
  })();
  return store;
}

// As a spreadsheet gets the bytes: the BOM kept (Response.text() would drop it).
const read = async (stream: ReadableStream<Uint8Array>) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

describe("the desk's export", () => {
  it("writes the inbox's view, status and search as CSV for Excel: BOM, Pakistan times, Urdu, no technical columns", async () => {
    const quotes = store(4);
    quotes.setStatus(3, "waiting_on_buyer", "", staff);
    const text = await read(
      exportStream(quotes, { view: "all", status: "new", search: "pharma" }, { format: "csv", technical: false }),
    );
    expect(text.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header![0]).toBe("id"); // the header is the first row
    expect(header).not.toContain("clientIp");
    expect(header).not.toContain("userAgent");
    expect(header).not.toContain("idempotencyKey");
    expect(header).not.toContain("notifyStatus");
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(rows.map((row) => cell(row, "reference"))).toEqual(["Q-2026-0001"]); // 3 is replied, 2 and 4 not Pharma
    expect(cell(rows[0]!, "receivedAt")).toBe("2026-11-20 13:06 PKT");
    expect(cell(rows[0]!, "message")).toBe("ہمیں 500 کپ چاہیئں");
    expect(cell(rows[0]!, "phone")).toBe("'+92 300 1234567");
    quotes.close();
  });

  it("adds the technical columns when asked, every formula still neutralised", async () => {
    const quotes = store(2);
    const text = await read(exportStream(quotes, { view: "all" }, { format: "csv", technical: true }));
    const [header, ...rows] = parseCsv(text.slice(1));
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    expect(header).toEqual(expect.arrayContaining(["clientIp", "userAgent", "page", "idempotencyKey", "notifyStatus"]));
    expect(rows.map((row) => cell(row, "userAgent"))).toEqual(["'=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"]);
    expect(cell(rows[0]!, "name")).toBe('\'=HYPERLINK("http://evil.example")');
    quotes.close();
  });

  it("writes JSON, an array, in Pakistan time", async () => {
    const quotes = store(3);
    const json = JSON.parse(
      await read(exportStream(quotes, { view: "all" }, { format: "json", technical: false })),
    ) as {
      reference: string;
      receivedAt: string;
      clientIp?: string;
    }[];
    expect(json.map((quote) => quote.reference)).toEqual(["Q-2026-0003", "Q-2026-0002", "Q-2026-0001"]);
    expect(json[2]!.receivedAt).toBe("2026-11-20T13:06:00+05:00");
    expect(json[0]).not.toHaveProperty("clientIp");
    expect(
      JSON.parse(await read(exportStream(quotes, { search: "nobody" }, { format: "json", technical: false }))),
    ).toEqual([]);
    quotes.close();
  });

  it("streams 5,000 requests in pages, the server answering another request meanwhile", async () => {
    const quotes = store(5000);
    const server = createServer((request, response) => {
      if (request.url === "/ping") return void response.end("pong");
      Readable.fromWeb(exportStream(quotes, { view: "all" }, { format: "csv", technical: true }) as never).pipe(
        response,
      );
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    const { port } = server.address() as { port: number };
    const exported = await fetch(`http://127.0.0.1:${port}/export`);
    const reader = exported.body!.getReader();
    const first = await reader.read();
    // The export has begun and is not done: a second request is answered before it ends.
    expect(await (await fetch(`http://127.0.0.1:${port}/ping`)).text()).toBe("pong");
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let chunks = 1;
    let text = decoder.decode(first.value, { stream: true });
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      chunks++;
      text += decoder.decode(chunk.value, { stream: true });
    }
    server.close();
    expect(chunks).toBeGreaterThan(5);
    expect(parseCsv(text.slice(1))).toHaveLength(5001);
    quotes.close();
  });
});
