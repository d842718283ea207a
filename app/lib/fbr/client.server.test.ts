import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { startFbrStandIn, type FbrStandIn } from "../../../tests/support/fbr-di-server";
import { penInvoice } from "../../../tests/support/fbr-fixtures";
import { FbrClient } from "./client.server";
import type { FbrConfig } from "./config.server";
import type { DiInvoice, FbrOutcome, ReportDocument } from "./di-types";
import { diPayload } from "./payload";

const document = penInvoice;

let fbr: FbrStandIn;
let config: FbrConfig;
beforeEach(async () => {
  fbr = await startFbrStandIn();
  config = { token: fbr.token, url: fbr.url, sandbox: false, timeoutMs: 5_000 };
});
afterEach(() => fbr.close());

const body = (doc: ReportDocument = document, sandbox = false): DiInvoice => diPayload(doc, { sandbox });
const unavailable = (outcome: FbrOutcome) => {
  if (outcome.kind !== "unavailable") throw new Error(`Expected unavailable, got ${JSON.stringify(outcome)}`);
  return outcome;
};

describe("reporting a document to FBR", () => {
  it("validates without a number, then posts and gets FBR's number and date", async () => {
    const client = new FbrClient(config);
    const valid = await client.validate(body());
    expect(valid).toMatchObject({ kind: "valid", httpStatus: 200 });
    expect(fbr.numbersIssued).toHaveLength(0);

    const posted = await client.post(body());
    if (posted.kind !== "accepted") throw new Error(JSON.stringify(posted));
    expect(posted.number).toMatch(/^0000000DI\d{13}$/);
    expect(posted.dated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(fbr.numbersIssued.map((issued) => issued.number)).toEqual([posted.number]);
    expect(JSON.parse(posted.body)).toMatchObject({ invoiceNumber: posted.number });

    expect(fbr.received.map((request) => request.path)).toEqual([
      "/di_data/v1/di/validateinvoicedata",
      "/di_data/v1/di/postinvoicedata",
    ]);
    expect(fbr.received[1]!.headers.authorization).toBe(`Bearer ${fbr.token}`);
    expect(fbr.received[1]!.headers["content-type"]).toBe("application/json");
    expect(fbr.received[1]!.body).toEqual(JSON.parse(JSON.stringify(body())));
  });

  it("uses the sandbox endpoints with the scenario when configured so", async () => {
    const client = new FbrClient({ ...config, sandbox: true });
    expect((await client.validate(body(document, true))).kind).toBe("valid");
    expect((await client.post(body(document, true))).kind).toBe("accepted");
    expect(fbr.received.map((request) => request.path)).toEqual([
      "/di_data/v1/di/validateinvoicedata_sb",
      "/di_data/v1/di/postinvoicedata_sb",
    ]);
    expect(fbr.received[1]!.body).toMatchObject({ scenarioId: "SN002" });
    // The sandbox refuses a body without its scenario.
    expect((await client.validate(body(document, false))).kind).toBe("refused");
  });

  it("reports a credit note as a Debit Note on the invoice's FBR number", async () => {
    const client = new FbrClient(config);
    const invoice = await client.post(body());
    if (invoice.kind !== "accepted") throw new Error(JSON.stringify(invoice));
    const note: ReportDocument = {
      ...document,
      kind: "credit note",
      refersTo: invoice.number,
      lines: [document.lines[2]!],
    };
    expect((await client.post(body(note))).kind).toBe("accepted");
    const stray = await client.post(body({ ...note, refersTo: "0000000DI1700000000000" }));
    expect(stray).toMatchObject({ kind: "refused", refusal: [{ line: null, code: "0057" }] });
  });

  it("is refused line by line when a line is wrong, though FBR's outer status says 00", async () => {
    const client = new FbrClient(config);
    const wrongUnit = {
      ...document,
      lines: [document.lines[0]!, { ...document.lines[1]!, uom: "Barrels" }, document.lines[2]!],
    };
    for (const outcome of [await client.validate(body(wrongUnit)), await client.post(body(wrongUnit))]) {
      expect(JSON.parse(outcome.body)).toMatchObject({ validationResponse: { statusCode: "00" } });
      expect(outcome).toMatchObject({
        kind: "refused",
        refusal: [{ line: 2, code: "0099", words: expect.stringMatching(/unit of measure/) }],
      });
    }
    expect(fbr.numbersIssued).toHaveLength(0);
  });

  it("is refused for the whole document when FBR does not know an HS code", async () => {
    const client = new FbrClient(config);
    const unknown = { ...document, lines: [{ ...document.lines[0]!, hsCode: "9608.9999" }] };
    const outcome = await client.post(body(unknown));
    expect(outcome).toEqual({
      kind: "refused",
      refusal: [{ line: null, code: "0052", words: expect.stringMatching(/HS code/) }],
      httpStatus: 200,
      body: expect.stringContaining('"invoiceStatuses":null'),
    });
  });

  it("is refused when a registered buyer is charged further tax, with FBR's reason in staff's words", async () => {
    const client = new FbrClient(config);
    const registered = {
      ...document,
      buyer: { ...document.buyer, registrationType: "Registered" as const, ntnCnic: "1234567" },
    };
    const outcome = await client.validate(body(registered));
    expect(outcome).toMatchObject({ kind: "refused", refusal: [1, 2, 3].map((line) => ({ line, code: "0080" })) });
  });

  it("is not accepted when a number comes with a refused line", async () => {
    const answer = {
      invoiceNumber: "0000000DI1764134400000",
      dated: "2026-11-26 12:00:00",
      validationResponse: {
        statusCode: "00",
        status: "invalid",
        error: "",
        invoiceStatuses: [
          {
            itemSNo: "1",
            statusCode: "00",
            status: "Valid",
            invoiceNo: "0000000DI1764134400000-1",
            errorCode: "",
            error: "",
          },
          {
            itemSNo: "2",
            statusCode: "01",
            status: "Invalid",
            invoiceNo: null,
            errorCode: "0046",
            error: "Provide rate.",
          },
        ],
      },
    };
    const client = new FbrClient(config, { fetch: async () => Response.json(answer) });
    expect(await client.post(body())).toMatchObject({ kind: "refused", refusal: [{ line: 2, code: "0046" }] });
  });

  it.each([
    ["the number is not one FBR issues", { invoiceNumber: `0000000DI1764134400000<script>${"9".repeat(100)}` }],
    ["the post's answer carries no number", {}],
  ])("is not accepted when %s", async (_, number) => {
    const answer = {
      ...number,
      dated: "2026-11-26 12:00:00",
      validationResponse: {
        statusCode: "00",
        status: "Valid",
        error: "",
        invoiceStatuses: [{ itemSNo: "1", statusCode: "00" }],
      },
    };
    const client = new FbrClient(config, { fetch: async () => Response.json(answer) });
    expect(unavailable(await client.post(body()))).toMatchObject({ answerLost: true, httpStatus: 200 });
  });
});

describe("FBR not answering usefully", () => {
  it("knows a name that does not resolve never reached FBR", async () => {
    const notFound = Object.assign(new TypeError("fetch failed"), {
      cause: Object.assign(new Error("getaddrinfo ENOTFOUND gw.fbr.gov.pk"), { code: "ENOTFOUND" }),
    });
    const client = new FbrClient(config, { fetch: () => Promise.reject(notFound) });
    expect(await client.post(body())).toEqual({
      kind: "unavailable",
      problem: "FBR could not be reached (ENOTFOUND)",
      httpStatus: null,
      answerLost: false,
      body: "",
    });
  });

  it("says FBR refused the token, with the gateway's reason, and that nothing was lost", async () => {
    const client = new FbrClient({ ...config, token: "d7c5a3a0-0000-4000-8000-000000000000" });
    const outcome = unavailable(await client.post(body()));
    expect(outcome).toMatchObject({ httpStatus: 401, answerLost: false });
    expect(outcome.problem).toBe(
      "FBR refused the access token (900901: Invalid Credentials: Invalid Credentials. Make sure you have provided the correct security credentials)",
    );
    expect(outcome.body).toContain('"fault"');
  });

  it("waits out the gateway's 503 as unavailable, nothing sent on", async () => {
    await fbr.setMode("down");
    const outcome = unavailable(await new FbrClient(config).post(body()));
    expect(outcome).toMatchObject({ httpStatus: 503, answerLost: false, problem: "FBR answered HTTP 503" });
    expect(fbr.numbersIssued).toHaveLength(0);
  });

  it("counts a timeout as an answer that may be lost: FBR may still issue the number", async () => {
    await fbr.setMode("slow", { delayMs: 1_500 });
    const outcome = unavailable(await new FbrClient({ ...config, timeoutMs: 300 }).post(body()));
    expect(outcome).toMatchObject({ httpStatus: null, answerLost: true, problem: "FBR did not answer within 0.3 s" });
    await expect.poll(() => fbr.numbersIssued.length, { timeout: 5_000 }).toBe(1);
  });

  it("knows a refused connection never reached FBR, and works again once FBR is back", async () => {
    await fbr.setMode("refuse-connections");
    const client = new FbrClient(config);
    const outcome = unavailable(await client.post(body()));
    expect(outcome).toMatchObject({ httpStatus: null, answerLost: false });
    expect(outcome.problem).toContain("ECONNREFUSED");
    await fbr.setMode("up");
    expect((await client.post(body())).kind).toBe("accepted");
  });

  it("knows a post whose connection broke after sending may have been recorded", async () => {
    await fbr.setMode("lose-next-post-answer");
    const client = new FbrClient(config);
    const outcome = unavailable(await client.post(body()));
    expect(outcome).toMatchObject({ httpStatus: null, answerLost: true });
    expect(fbr.numbersIssued).toHaveLength(1);
    expect((await client.post(body())).kind).toBe("accepted");
  });

  it("does not read an answer larger than the bound, declared or streamed", async () => {
    // An accepted answer padded past 256 KB: read whole, it would pass for FBR's.
    const padded = JSON.stringify({
      invoiceNumber: "0000000DI1764134400000",
      dated: "2026-11-26 12:00:00",
      validationResponse: {
        statusCode: "00",
        status: "Valid",
        error: "",
        invoiceStatuses: [{ itemSNo: "1", statusCode: "00", status: "Valid", errorCode: "", error: "" }],
      },
    }).replace("{", `{${" ".repeat(300 * 1024)}`);
    const server = createServer((request, response) => {
      request.resume();
      if (request.url === "/declared") response.writeHead(200, { "Content-Length": Buffer.byteLength(padded) });
      else response.writeHead(200, { "Transfer-Encoding": "chunked" });
      response.end(padded);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const path of ["/declared", "/streamed"]) {
        const client = new FbrClient({ ...config, url: `${origin}${path}` });
        const outcome = unavailable(await client.post(body()));
        expect(outcome).toMatchObject({ httpStatus: 200, answerLost: true });
        expect(outcome.problem).toMatch(/larger than 256 KB/);
        expect(outcome.body.length).toBeLessThanOrEqual(256 * 1024);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("does not follow a redirect, which would carry the invoice and the token elsewhere", async () => {
    const elsewhere: string[] = [];
    const target = createServer((request, response) => {
      elsewhere.push(`${request.method} ${request.url}`);
      request.resume();
      response.end("{}");
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    const redirecting = createServer((request, response) => {
      request.resume();
      response.writeHead(307, { Location: `${targetUrl}${request.url}` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    try {
      const client = new FbrClient({
        ...config,
        url: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`,
      });
      const outcome = unavailable(await client.post(body()));
      expect(outcome).toMatchObject({ httpStatus: 307, answerLost: false });
      expect(elsewhere).toEqual([]);
    } finally {
      for (const server of [target, redirecting]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });

  it.each([
    [500, "Internal Server Error (Contact Administrator)", true],
    [200, "<html><body>Service maintenance</body></html>", true],
    [200, '{"validationResponse":{"statusCode":"00","invoiceStatuses":"none"}}', true],
  ])("takes HTTP %i with %j as no answer", async (status, text, answerLost) => {
    const client = new FbrClient(config, {
      fetch: async () =>
        new Response(text || null, {
          status,
          headers: status === 302 ? { Location: "https://elsewhere.example/" } : {},
        }),
    });
    const outcome = unavailable(await client.post(body()));
    expect(outcome).toMatchObject({ httpStatus: status, answerLost, body: text });
  });
});

describe("a buyer's registration at FBR", () => {
  it("is what Get_Reg_Type says, and unknown when FBR cannot say", async () => {
    fbr.registrations.set("1234567", "Registered");
    const client = new FbrClient(config);
    expect(await client.registrationType("1234567")).toBe("Registered");
    expect(await client.registrationType("35202-1234567-1")).toBe("Unregistered");
    expect(fbr.received.at(-1)).toMatchObject({
      method: "POST",
      path: "/dist/v1/Get_Reg_Type",
      body: { Registration_No: "3520212345671" },
    });
    const asked = fbr.received.length;
    expect(await client.registrationType("12-34")).toBeNull();
    expect(fbr.received).toHaveLength(asked);
    expect(await new FbrClient({ ...config, token: "wrong" }).registrationType("1234567")).toBeNull();
    await fbr.setMode("down");
    expect(await client.registrationType("1234567")).toBeNull();
  });

  it("is unknown when the answer is about another number or another type", async () => {
    const answering = (answer: unknown) => new FbrClient(config, { fetch: async () => Response.json(answer) });
    expect(
      await answering({
        statuscode: "00",
        REGISTRATION_NO: "7654321",
        REGISTRATION_TYPE: "Registered",
      }).registrationType("1234567"),
    ).toBeNull();
    expect(
      await answering({ statuscode: "00", REGISTRATION_NO: "1234567", REGISTRATION_TYPE: "Blocked" }).registrationType(
        "1234567",
      ),
    ).toBeNull();
  });
});
