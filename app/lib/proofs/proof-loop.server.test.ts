import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { decoded, freeSmtpPort, startSmtp, until } from "../../../tests/support/smtp-server";
import { runStaffCommand } from "~/lib/desk/staff-command.server";
import { proofText } from "~/content/proofs";
import { proofEmail } from "~/lib/proofs/mail";
import { proofLimits } from "~/lib/proofs/rules";
import { createSmtpMailer } from "~/lib/quotes/mailer.server";
import { Outbox } from "~/lib/messaging/outbox.server";
import { domainRounds } from "~/lib/workflows/message-kinds.server";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as quotePage from "~/routes/desk/request";
import * as exportRoute from "~/routes/desk/export";
import * as deskProofFile from "~/routes/desk/proof-file";
import * as deskProofRecord from "~/routes/desk/proof-record";
import * as inbox from "~/routes/desk/inbox";
import * as setup from "~/routes/desk/setup";
import * as signInRoute from "~/routes/desk/sign-in";
import * as proofPage from "~/routes/proof/page";
import * as proofFile from "~/routes/proof/file";
import * as proofRecord from "~/routes/proof/record";

// The proof loop through its routes, as React Router calls them, on a real SQLite store and SMTP server.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let reference: string;
let otherReference: string;
let cookie: string;
let ipCounter = 0;

const args = (request: Request, params: Record<string, string> = {}, clientIp?: string): RouteArgs =>
  routeArgs(request, params, clientIp ?? `198.51.100.${ipCounter++ % 250}`);
const get = (path: string, withCookie = "") =>
  new Request(`${site}${path}`, { headers: withCookie ? { Cookie: withCookie } : {} });
const post = (
  path: string,
  body: URLSearchParams | FormData,
  { origin = site, withCookie = "", fetchSite = "" } = {},
) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: {
      ...(origin ? { Origin: origin } : {}),
      ...(withCookie ? { Cookie: withCookie } : {}),
      ...(fetchSite ? { "Sec-Fetch-Site": fetchSite } : {}),
    },
    body,
  });

const png = (colour: string) =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function sendProof(ref: string, file: Blob, name: string, message: string, proofKey?: string) {
  const form = new FormData();
  form.set("intent", "proof");
  form.set("message", message);
  form.set("proof", file, name);
  if (proofKey) form.set("proofKey", proofKey);
  return outcome(() =>
    underDeskLayout(
      quotePage.action,
      args(post(`/desk/quotes/${ref}`, form, { withCookie: cookie }), { reference: ref }),
    ),
  );
}

/** The token of the latest link e-mailed to the buyer. */
const lastLink = () => {
  const mails = smtp.received.filter((mail) => mail.to.includes("ayesha@acme.example"));
  const found = /\/proof\/([A-Za-z0-9_-]{43})/.exec(decoded(mails.at(-1)!.raw));
  return found![1]!;
};

const answer = (token: string, fields: Record<string, string>, { origin = site, fetchSite = "" } = {}) =>
  outcome(() =>
    proofPage.action(
      args(post(`/proof/${token}`, new URLSearchParams(fields), { origin, fetchSite }), { token }) as never,
    ),
  );

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "proofs-"));
  smtp = await startSmtp();
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  });
  const service = getQuoteService();
  const insert = (email: string, key: string) =>
    service.store.insert(
      { name: "Ayesha Khan", company: "Acme Pharma", email, phone: "", product: "Pens", message: "500 pens" },
      { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: key },
      { notify: false },
    ).quote;
  reference = insert("ayesha@acme.example", "proof-test-1").reference;
  otherReference = insert("other@else.example", "proof-test-2").reference;
  const { output } = runStaffCommand(["add", "bilal@promo.example", "--name", "Bilal"], service.store.db);
  const token = /\/desk\/setup\/([A-Za-z0-9_-]+)$/m.exec(output)![1]!;
  await outcome(() =>
    setup.action(
      args(post(`/desk/setup/${token}`, new URLSearchParams({ password, repeat: password })), { token }) as never,
    ),
  );
  const signedIn = await outcome(() =>
    signInRoute.action(
      args(post("/desk/sign-in", new URLSearchParams({ email: "bilal@promo.example", password }))) as never,
    ),
  );
  cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
});

afterAll(async () => {
  await stopQuoteService();
  await smtp.close();
  for (const name of ["DATA_DIR", "SMTP_URL", "QUOTE_NOTIFY_TO", "QUOTE_FROM"]) delete process.env[name];
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the proof loop", () => {
  it("v1 → changes → v2 → approval → record → Won, with every e-mail on the SMTP server", async () => {
    const v1 = await sendProof(reference, new Blob([await png("#1d4ed8")]), "v1.png", "Blue logo, 40 mm wide");
    expect(v1.status).toBe(302);
    await until(() => smtp.received.some((mail) => /Proof v1 for Q-/.test(decoded(mail.raw))));
    const firstMail = decoded(smtp.received.at(-1)!.raw);
    expect(firstMail).toContain("Blue logo, 40 mm wide");
    const token1 = lastLink();
    expect(getQuoteService().store.byReference(reference)!.status).toBe("waiting_on_buyer");

    const page1 = await outcome(() => proofPage.loader(args(get(`/proof/${token1}`), { token: token1 }) as never));
    expect(page1.status).toBe(200);
    expect(page1.headers.get("cache-control")).toBe("private, no-store");
    expect(page1.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page1.data).toMatchObject({
      reference,
      proofs: { latest: { version: 1, status: "waiting", answer: null } },
      quotation: null,
    });

    expect((await answer(token1, { intent: "changes", version: "1", changes: "Make the logo bigger" })).status).toBe(
      303,
    );
    await until(() => smtp.received.some((mail) => /Changes requested on v1/.test(decoded(mail.raw))));
    expect(smtp.received.at(-1)!.to).toEqual(["sales@promo.example"]);
    expect((await answer(token1, { intent: "approve", version: "1", name: "Someone" })).status).toBe(409);

    const v2 = await sendProof(reference, new Blob([await png("#dc2626")]), "v2.png", "Logo at 60 mm");
    expect(v2.status).toBe(302);
    await until(() => smtp.received.some((mail) => /Proof v2 for Q-/.test(decoded(mail.raw))));
    const token2 = lastLink();
    // The first link now shows v2, and v1 is history.
    const page2 = await outcome(() => proofPage.loader(args(get(`/proof/${token1}`), { token: token1 }) as never));
    expect(page2.data).toMatchObject({
      proofs: {
        latest: { version: 2, status: "waiting" },
        earlier: [{ version: 1, status: "changes requested", answer: { changes: "Make the logo bigger" } }],
      },
    });

    expect((await answer(token2, { intent: "approve", version: "2", name: "" })).status).toBe(400);
    const approved = await answer(token2, {
      intent: "approve",
      version: "2",
      name: "Dr. Ayesha Khan",
      role: "Brand Manager",
    });
    expect(approved.status).toBe(303);
    await until(() =>
      smtp.received.some((mail) => /Approved v2 by Dr. Ayesha Khan, Brand Manager/.test(decoded(mail.raw))),
    );
    expect((await answer(token2, { intent: "approve", version: "2", name: "Twice" })).status).toBe(409);

    const download = await outcome(() =>
      proofFile.loader(args(get(`/proof/${token2}/file`), { token: token2 }) as never),
    );
    const bytes = new Uint8Array(await download.response!.arrayBuffer());
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256").update(bytes).digest("hex");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${reference}-proof-v2.png"`);

    const record = await outcome(() =>
      proofRecord.loader(args(get(`/proof/${token2}/record`), { token: token2 }) as never),
    );
    expect(record.data).toMatchObject({
      reference,
      item: "Pens",
      approved: {
        version: 2,
        fileName: `${reference}-proof-v2.png`,
        answer: { name: "Dr. Ayesha Khan", role: "Brand Manager", sha256: hash, at: expect.stringMatching(/PKT$/) },
      },
      versions: [{ version: 2 }, { version: 1 }],
    });

    const desk = await outcome(() =>
      underDeskLayout(quotePage.loader, args(get(`/desk/quotes/${reference}`, cookie), { reference })),
    );
    // The desk shows the same record, to a session only.
    const deskRecord = (ref: string, withCookie: string) =>
      outcome(() =>
        underDeskLayout(
          deskProofRecord.loader,
          args(get(`/desk/quotes/${ref}/record`, withCookie), { reference: ref }),
        ),
      );
    expect((await deskRecord(reference, "")).status).toBe(302);
    expect((await deskRecord(reference, cookie)).data).toEqual(record.data);
    expect((await deskRecord(otherReference, cookie)).status).toBe(404); // no proof sent yet
    expect(desk.data).toMatchObject({
      canMarkWon: true,
      proofs: [{ version: 1 }, { summary: "Approved v2 by Dr. Ayesha Khan, Brand Manager" }],
    });
    const list = await outcome(() => underDeskLayout(inbox.loader, args(get("/desk", cookie))));
    expect(JSON.stringify(list.data)).toContain("Approved v2 by Dr. Ayesha Khan, Brand Manager");
    // The desk's exports carry the same record as the record page.
    const exported = async (format: string) =>
      (
        await outcome(() =>
          underDeskLayout(exportRoute.loader, args(get(`/desk/export/${format}`, cookie), { format })),
        )
      ).response!.text();
    const [json] = (JSON.parse(await exported("json")) as { reference: string; proofs: unknown[] }[]).filter(
      (quote) => quote.reference === reference,
    );
    const { approved: recorded, versions } = record.data as { approved: unknown; versions: unknown[] };
    expect(json!.proofs).toEqual([...versions].reverse());
    expect(json!.proofs[1]).toEqual(recorded);
    expect(await exported("csv")).toContain(`,2,approved,2,Dr. Ayesha Khan,Brand Manager,`);

    const won = await outcome(() =>
      underDeskLayout(
        quotePage.action,
        args(post(`/desk/quotes/${reference}`, new URLSearchParams({ intent: "won" }), { withCookie: cookie }), {
          reference,
        }),
      ),
    );
    expect(won.status).toBe(302);
    expect(getQuoteService().store.byReference(reference)!.status).toBe("won");
  });
});

describe("what a token cannot do", () => {
  it("reaches only its own request, not the desk, and not once ended", async () => {
    await sendProof(otherReference, new Blob([await png("#16a34a")]), "other.png", "");
    const service = getQuoteService();
    const other = service.store.byReference(otherReference)!;
    const mine = service.store.byReference(reference)!;
    const [link] = service.proofs.links(mine.id);
    // A token of one request answers for that request only, whatever version is asked for.
    await until(() => smtp.received.some((mail) => mail.to.includes("other@else.example")));
    const otherToken = /\/proof\/([A-Za-z0-9_-]{43})/.exec(
      decoded(smtp.received.filter((mail) => mail.to.includes("other@else.example")).at(-1)!.raw),
    )![1]!;
    const otherPage = await outcome(() =>
      proofPage.loader(args(get(`/proof/${otherToken}`), { token: otherToken }) as never),
    );
    expect(otherPage.data).toMatchObject({ reference: otherReference, proofs: { earlier: [] } });
    const otherFile = await outcome(() =>
      proofFile.loader(args(get(`/proof/${otherToken}/file?v=2`), { token: otherToken }) as never),
    );
    expect(otherFile.status).toBe(404); // its request has no v2; another request's v2 is not reached
    // The desk still wants a session.
    const deskFile = await outcome(() =>
      underDeskLayout(
        deskProofFile.loader,
        args(get(`/desk/quotes/${reference}/proofs/1`), { reference, version: "1" }),
      ),
    );
    expect(deskFile.status).toBe(302);

    // Ending a link: it answers 410 saying so and how to get a new one, with nothing about the request.
    const token = lastLinkFor("ayesha@acme.example");
    // Both versions' mails carried the request's one link.
    expect(new Set(allLinksFor("ayesha@acme.example"))).toEqual(new Set([token]));
    const ended = await outcome(() =>
      underDeskLayout(
        quotePage.action,
        args(
          post(`/desk/quotes/${reference}`, new URLSearchParams({ intent: "end-link", link: String(link!.id) }), {
            withCookie: cookie,
          }),
          { reference },
        ),
      ),
    );
    expect(ended.status).toBe(302);
    const firstToken = allLinksFor("ayesha@acme.example")[0]!;
    const gone = await outcome(() =>
      proofPage.loader(args(get(`/proof/${firstToken}`), { token: firstToken }) as never),
    );
    expect(gone.status).toBe(410);
    expect(String(gone.data)).toMatch(/^This link has been ended/);
    expect(JSON.stringify(gone.data ?? "")).not.toContain("Q-");
    expect(other.id).not.toBe(mine.id);
    // Another request's link still works.
    expect(
      (await outcome(() => proofPage.loader(args(get(`/proof/${otherToken}`), { token: otherToken }) as never))).status,
    ).toBe(200);
  });

  it("serves the buyer's studio mockup of its own request only", async () => {
    const service = getQuoteService();
    const mockup = service.store.writeFile({
      role: "mockup",
      mediaType: "image/png",
      data: await png("#f59e0b"),
      originalName: "",
    });
    const { quote } = service.store.insert(
      { name: "Sana", company: "", email: "sana@pharma.example", phone: "", product: "Mugs", message: "200 mugs" },
      { clientIp: "203.0.113.8", userAgent: "vitest", page: "/contact", idempotencyKey: "proof-test-3" },
      { notify: false, files: [mockup] },
    );
    await sendProof(quote.reference, new Blob([await png("#000000")]), "m.png", "");
    await until(() => allLinksFor("sana@pharma.example").length === 1);
    const token = lastLinkFor("sana@pharma.example");
    const design = await outcome(() => proofFile.loader(args(get(`/proof/${token}/file?design`), { token }) as never));
    expect(design.status).toBe(200);
    expect(design.headers.get("content-type")).toBe("image/png");
    expect(design.headers.get("content-security-policy")).toContain("sandbox");
    const otherToken = lastLinkFor("other@else.example");
    const none = await outcome(() =>
      proofFile.loader(args(get(`/proof/${otherToken}/file?design`), { token: otherToken }) as never),
    );
    expect(none.status).toBe(404);
  });

  it("refuses answers another site posted, and takes the page's own post under no-referrer", async () => {
    const token = lastLinkFor("other@else.example");
    const mallory = { intent: "approve", version: "1", name: "Mallory" };
    for (const from of [
      { origin: "https://evil.example" },
      { origin: "" },
      { origin: "null" },
      { origin: "null", fetchSite: "cross-site" },
      { origin: "null", fetchSite: "same-site" },
    ]) {
      const refused = await answer(token, mallory, from);
      expect(refused.status, JSON.stringify(from)).toBe(403);
      expect(refused.headers.get("referrer-policy")).toBe("no-referrer");
    }
    expect(getQuoteService().proofs.latest(getQuoteService().store.byReference(otherReference)!.id)!.answer).toBeNull();
    // What Chromium sends from the page itself: past the origin check, to the form's own checks.
    const own = await answer(token, { ...mallory, name: "" }, { origin: "null", fetchSite: "same-origin" });
    expect(own.status).toBe(400);
    expect(own.data).toMatchObject({ intent: "approve" });
  });

  it("slows guessing, counting only failures: a held address still opens a valid link, also after a restart", async () => {
    const token = lastLinkFor("other@else.example");
    const open = (path: string, tokenParam: string, ip: string) =>
      outcome(() => proofPage.loader(args(get(path), { token: tokenParam }, ip) as never));
    const unknown = (attempt: number) => "A".repeat(41) + "B" + String.fromCharCode(66 + (attempt % 26));
    const ip = "192.0.2.99";
    // Valid links opened many times count nothing.
    for (let visit = 0; visit < 25; visit++) expect((await open(`/proof/${token}`, token, ip)).status).toBe(200);
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await open(`/proof/${unknown(attempt)}`, unknown(attempt), ip)).status).toBe(404);
    }
    // A buyer behind the same address (a carrier's shared address) still opens a valid link.
    expect((await open(`/proof/${token}`, token, ip)).status).toBe(200);
    const held = await open(`/proof/${unknown(20)}`, unknown(20), ip);
    expect(held.status).toBe(429);
    expect(held.headers.get("referrer-policy")).toBe("no-referrer");
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(800);
    // A restart does not give the guesser a fresh start: the failures are in the store.
    await stopQuoteService();
    expect((await open(`/proof/${unknown(21)}`, unknown(21), ip)).status).toBe(429);
    const file = await outcome(() => proofFile.loader(args(get(`/proof/${token}/file`), { token }, ip) as never));
    expect(file.status).toBe(200);
    const wrongFile = await outcome(() =>
      proofFile.loader(args(get(`/proof/${unknown(22)}/file`), { token: unknown(22) }, ip) as never),
    );
    expect(wrongFile.status).toBe(429);
    expect((await open(`/proof/${unknown(23)}`, unknown(23), "192.0.2.100")).status).toBe(404);
  });

  it("counts an IPv6 client by its /64: new addresses inside it guess no further", async () => {
    const token = lastLinkFor("other@else.example");
    const open = (tokenParam: string, ip: string) =>
      outcome(() => proofPage.loader(args(get(`/proof/${tokenParam}`), { token: tokenParam }, ip) as never));
    const unknown = (attempt: number) => "C".repeat(41) + "D" + String.fromCharCode(66 + (attempt % 26));
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await open(unknown(attempt), `2001:db8:7:9:${(attempt + 1).toString(16)}::1`)).status).toBe(404);
    }
    expect((await open(unknown(20), "2001:db8:7:9:ffff:1:2:3")).status).toBe(429);
    expect((await open(token, "2001:db8:7:9:ffff:1:2:3")).status).toBe(200);
    expect((await open(unknown(21), "2001:db8:7:a::1")).status).toBe(404); // the next /64 is someone else
  });

  it("serves an SVG proof cleaned, with its type, a download disposition and a sandboxing policy", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(document.cookie)</script><rect width="10" height="10" fill="red" onload="alert(1)"/></svg>`;
    expect((await sendProof(otherReference, new Blob([svg]), "x.svg", "SVG proof")).status).toBe(302);
    await until(() => allLinksFor("other@else.example").length >= 2);
    const token = lastLinkFor("other@else.example", 2);
    const file = await outcome(() => proofFile.loader(args(get(`/proof/${token}/file`), { token }) as never));
    expect(file.headers.get("content-type")).toBe("image/svg+xml");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="Q-\d{4}-\d{4}-proof-v2\.svg"$/);
    expect(file.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    const body = await file.response!.text();
    expect(body).toContain("<rect");
    expect(body).not.toMatch(/script|onload/i);
  });

  it("takes a PDF only when its bytes are a PDF, and refuses other files", async () => {
    const pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
    expect((await sendProof(otherReference, new Blob([pdf]), "p.pdf", "")).status).toBe(302);
    await until(() => allLinksFor("other@else.example").length >= 3);
    const token = lastLinkFor("other@else.example", 3);
    // Asked for inline, a PDF is still a download: no PDF viewer opens it in the site's origin.
    const file = await outcome(() => proofFile.loader(args(get(`/proof/${token}/file?inline`), { token }) as never));
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="Q-\d{4}-\d{4}-proof-v3\.pdf"$/);
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    const onDesk = await outcome(() =>
      underDeskLayout(
        deskProofFile.loader,
        args(get(`/desk/quotes/${otherReference}/proofs/3`, cookie), {
          reference: otherReference,
          version: "3",
        }),
      ),
    );
    expect(onDesk.headers.get("content-disposition")).toMatch(/^attachment; /);
    const html = await sendProof(otherReference, new Blob(["<html><script>1</script></html>"]), "fake.pdf", "");
    expect(html.status).toBe(400);
    const cut = await sendProof(otherReference, new Blob(["%PDF-1.4\n1 0 obj"]), "cut.pdf", "");
    expect(cut.data).toMatchObject({ intent: "proof", error: /damaged/ });
  });
});

describe("later versions and answers", () => {
  const newRequest = (name: string, email: string) =>
    getQuoteService().store.insert(
      { name, company: "", email, phone: "", product: "Mugs", message: "300 mugs" },
      { clientIp: "203.0.113.9", userAgent: "vitest", page: "/contact", idempotencyKey: `proof-test-${email}` },
      { notify: false },
    ).quote;

  it("refuse a replaced version, need a change request's text, and turn Mark Won off until the new version is approved", async () => {
    const service = getQuoteService();
    const quote = newRequest("Imran", "imran@pharma.example");
    const ref = quote.reference;
    const deskPage = async () =>
      (
        await outcome(() =>
          underDeskLayout(quotePage.loader, args(get(`/desk/quotes/${ref}`, cookie), { reference: ref })),
        )
      ).data as { canMarkWon: boolean };
    await sendProof(ref, new Blob([await png("#111111")]), "v1.png", "");
    await sendProof(ref, new Blob([await png("#222222")]), "v2.png", "");
    await until(() => allLinksFor("imran@pharma.example").length === 2);
    const token = lastLinkFor("imran@pharma.example");

    // v1 was never answered, and v2 replaced it: too late for it.
    const late = await answer(token, { intent: "approve", version: "1", name: "Imran Ali" });
    expect(late.status).toBe(409);
    expect(late.data).toEqual({ intent: "approve", error: proofText.page.answered });
    expect(service.proofs.proofs(quote.id)[0]!.answer).toBeNull();

    expect((await answer(token, { intent: "approve", version: "2", name: "Imran Ali" })).status).toBe(303);
    expect((await deskPage()).canMarkWon).toBe(true);

    // v3 after the approval: no Mark Won until the buyer approves v3 too.
    await sendProof(ref, new Blob([await png("#333333")]), "v3.png", "");
    expect((await deskPage()).canMarkWon).toBe(false);
    const won = await outcome(() =>
      underDeskLayout(
        quotePage.action,
        args(post(`/desk/quotes/${ref}`, new URLSearchParams({ intent: "won" }), { withCookie: cookie }), {
          reference: ref,
        }),
      ),
    );
    expect(won.status).toBe(400);
    expect(service.store.get(quote.id)!.status).toBe("waiting_on_buyer");

    // A change request with nothing in it is answered on the page, with what is missing.
    const blank = await answer(token, { intent: "changes", version: "3", changes: "  " });
    expect(blank.status).toBe(400);
    expect(blank.data).toEqual({ intent: "changes", error: "Say what should change." });
    expect(service.proofs.latest(quote.id)!.answer).toBeNull();

    expect((await answer(token, { intent: "approve", version: "3", name: "Imran Ali" })).status).toBe(303);
    expect((await deskPage()).canMarkWon).toBe(true);
  });

  it("remind the buyer through the outbox, on the mail server, after two business days without an answer", async () => {
    const service = getQuoteService();
    const quote = newRequest("Hina", "hina@pharma.example");
    const weekAgo = new Date(Date.now() - 7 * 24 * 3_600_000);
    service.proofs.send(
      quote,
      { data: await png("#444444"), mediaType: "image/png" },
      "",
      { name: "Bilal", email: "bilal@promo.example" },
      (version) => proofEmail(quote, version, ""),
      weekAgo,
    );
    service.outbox!.kick();
    const reminderTo = (address: string, subject: string) =>
      smtp.received.find((mail) => mail.to.includes(address) && decoded(mail.raw).includes(`Subject: ${subject}`));
    await until(() => Boolean(reminderTo("hina@pharma.example", `Reminder: proof v1 for ${quote.reference}`)));
    await until(() =>
      Boolean(reminderTo("sales@promo.example", `${quote.reference}: proof v1 unanswered for 2 business days`)),
    );
    // The reminder carries a fresh link of its own, which opens the proof.
    const reminder = decoded(reminderTo("hina@pharma.example", "Reminder:")!.raw);
    const token = /\/proof\/([A-Za-z0-9_-]{43})/.exec(reminder)![1]!;
    // The reminder carries the link the proof's mail brought.
    expect(allLinksFor("hina@pharma.example")).toEqual([token, token]);
    const page = await outcome(() => proofPage.loader(args(get(`/proof/${token}`), { token }) as never));
    expect(page.data).toMatchObject({
      reference: quote.reference,
      proofs: { latest: { version: 1, status: "waiting" } },
    });
  });
});

describe("ending links", () => {
  const newRequest = (name: string, email: string) =>
    getQuoteService().store.insert(
      { name, company: "", email, phone: "", product: "Caps", message: "100 caps" },
      { clientIp: "203.0.113.10", userAgent: "vitest", page: "/contact", idempotencyKey: `proof-end-${email}` },
      { notify: false },
    ).quote;
  const staffMember = { name: "Bilal", email: "bilal@promo.example" };
  const DAY = 24 * 3_600_000;
  /** A Friday 18:00 in Lahore a week or two ago, and the Tuesday 18:00 after it: two business days later. */
  const friday = (() => {
    const day = new Date(Date.now() - 7 * DAY);
    day.setUTCHours(13, 0, 0, 0);
    while (day.getUTCDay() !== 5) day.setUTCDate(day.getUTCDate() - 1);
    return day;
  })();
  const tuesday = new Date(friday.getTime() + 4 * DAY);
  const deskPost = (ref: string, fields: Record<string, string>) =>
    outcome(() =>
      underDeskLayout(
        quotePage.action,
        args(post(`/desk/quotes/${ref}`, new URLSearchParams(fields), { withCookie: cookie }), {
          reference: ref,
        }),
      ),
    );
  const pageStatus = async (token: string) =>
    (await outcome(() => proofPage.loader(args(get(`/proof/${token}`), { token }) as never))).status;
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  /**
   * The service's outbox stopped, and one of the test's own on the same store and mail server, which
   * sends only when the test drains it, at the time the test gives (`drain(now)`).
   */
  async function withOutboxHeld(run: (outbox: Outbox) => Promise<void>) {
    const service = getQuoteService();
    await service.outbox!.stop();
    const mailer = createSmtpMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      to: ["sales@promo.example"],
      from: "Promo Works <sales@promo.example>",
    });
    try {
      await run(
        new Outbox(service.messaging, service.messageKinds, mailer, { ...domainRounds({ proofs: service.proofs }) }),
      );
    } finally {
      mailer.close();
      service.outbox!.start();
    }
  }

  it("an ended link's version gets no reminder two business days later, and no new link", async () => {
    await withOutboxHeld(async (outbox) => {
      const service = getQuoteService();
      const quote = newRequest("Zara", "zara@pharma.example");
      service.proofs.send(
        quote,
        { data: await png("#555555"), mediaType: "image/png" },
        "",
        staffMember,
        (version) => proofEmail(quote, version, ""),
        friday,
      );
      await outbox.drain(() => friday.getTime());
      expect(allLinksFor("zara@pharma.example")).toHaveLength(1);
      const [token] = allLinksFor("zara@pharma.example");
      const [link] = service.proofs.links(quote.id);
      expect((await deskPost(quote.reference, { intent: "end-link", link: String(link!.id) })).status).toBe(302);
      expect(await pageStatus(token!)).toBe(410);

      await outbox.drain(() => tuesday.getTime());
      await outbox.drain(() => tuesday.getTime() + DAY);
      expect(mailsTo("zara@pharma.example")).toHaveLength(1);
      expect(smtp.received.some((mail) => decoded(mail.raw).includes(`${quote.reference}: proof v1 unanswered`))).toBe(
        false,
      );
      expect(service.proofs.links(quote.id)).toHaveLength(1);
      expect(service.proofs.mails(quote.id).map((mail) => mail.kind)).toEqual(["proof"]);
    });
  });

  it("“End all links” ends every link of the request, and a mail still waiting to go is not sent", async () => {
    await withOutboxHeld(async (outbox) => {
      const service = getQuoteService();
      const quote = newRequest("Omar", "omar@pharma.example");
      const sendVersion = async (colour: string, at: Date) =>
        service.proofs.send(
          service.store.get(quote.id)!,
          { data: await png(colour), mediaType: "image/png" },
          "",
          staffMember,
          (version) => proofEmail(quote, version, ""),
          at,
        );
      await sendVersion("#666666", friday);
      await outbox.drain(() => friday.getTime());
      await outbox.drain(() => tuesday.getTime()); // v1's reminder, with the same link
      const tokens = allLinksFor("omar@pharma.example");
      expect(tokens).toHaveLength(2);
      expect(tokens[1]).toBe(tokens[0]);
      // v2 is queued, its e-mail not gone yet.
      await sendVersion("#777777", new Date());
      for (const token of tokens) expect(await pageStatus(token)).toBe(200);

      const desk = async () =>
        (
          await outcome(() =>
            underDeskLayout(
              quotePage.loader,
              args(get(`/desk/quotes/${quote.reference}`, cookie), { reference: quote.reference }),
            ),
          )
        ).data as { canEndAllLinks: boolean; links: { state: string }[]; history: { body: string }[] };
      expect((await desk()).canEndAllLinks).toBe(true);
      const ended = await deskPost(quote.reference, { intent: "end-all-links" });
      expect(ended.status).toBe(302);
      expect(ended.response!.headers.get("location")).toBe(`/desk/quotes/${quote.reference}?done=ended-all`);

      for (const token of tokens) expect(await pageStatus(token)).toBe(410);
      const received = smtp.received.length;
      await outbox.drain();
      await outbox.drain(() => Date.now() + 30 * DAY);
      expect(smtp.received.slice(received).filter((mail) => mail.to.includes("omar@pharma.example"))).toEqual([]);
      expect(service.proofs.links(quote.id)).toHaveLength(1);
      const after = await desk();
      expect(after.links.map((link) => link.state)).toEqual(["ended"]);
      expect(after.canEndAllLinks).toBe(false);
      expect(after.history.map((event) => event.body)).toContain(
        "All proof links ended (1 link), reminders stopped; 1 e-mail with a link not sent",
      );
    });
  });

  it("refuses “End all links” without a session, and ends nothing", async () => {
    const quote = getQuoteService().store.byReference(otherReference)!;
    const open = () =>
      getQuoteService()
        .proofs.links(quote.id)
        .filter((link) => link.endedAt === null).length;
    const before = open();
    expect(before).toBeGreaterThan(0);
    const refused = await outcome(() =>
      underDeskLayout(
        quotePage.action,
        args(post(`/desk/quotes/${otherReference}`, new URLSearchParams({ intent: "end-all-links" })), {
          reference: otherReference,
        }),
      ),
    );
    expect(refused.status).toBe(302);
    expect(refused.response!.headers.get("location")).toMatch(/^\/desk\/sign-in/);
    expect(open()).toBe(before);
  });
});

describe("a queued proof e-mail", () => {
  /** Every text value of every column of every table, and the database's files as bytes. */
  function storedText() {
    const { db } = getQuoteService().store;
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    const values = tables.flatMap((table) =>
      (db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]).flatMap((row) =>
        Object.values(row).filter((value): value is string => typeof value === "string"),
      ),
    );
    const files = readdirSync(dataDir)
      .filter((name) => name.startsWith("quotes.db"))
      .map((name) => readFileSync(join(dataDir, name)).toString("latin1"));
    return { values: values.join("\n"), files: files.join("\n") };
  }

  it("keeps no token in the store while it waits (mail server down or not yet sent), nor after", async () => {
    const service = getQuoteService();
    const outbox = service.outbox!;
    const quote = service.store.insert(
      { name: "Nadia", company: "", email: "nadia@pharma.example", phone: "", product: "Pens", message: "50 pens" },
      { clientIp: "203.0.113.11", userAgent: "vitest", page: "/contact", idempotencyKey: "proof-queued" },
      { notify: false },
    ).quote;
    await outbox.stop();
    let waiting: ReturnType<typeof storedText>[] = [];
    try {
      expect((await sendProof(quote.reference, new Blob([await png("#888888")]), "q.png", "Queued")).status).toBe(302);
      waiting.push(storedText());
      // The mail server is down: an attempt fails, and leaves no link behind.
      const down = createSmtpMailer({
        smtpUrl: `smtp://127.0.0.1:${await freeSmtpPort()}`,
        to: ["sales@promo.example"],
        from: "Promo Works <sales@promo.example>",
      });
      const failing = new Outbox(service.messaging, service.messageKinds, down, {
        ...domainRounds({ proofs: service.proofs }),
        log: () => undefined,
      });
      await failing.drain();
      down.close();
      expect(service.proofs.mails(quote.id)).toMatchObject([{ status: "pending", attempts: 1 }]);
      expect(service.proofs.links(quote.id)).toEqual([]);
      waiting.push(storedText());
      for (const { values } of waiting) expect(values).not.toContain("/proof/");
    } finally {
      outbox.start();
    }
    // Sent (at the next due time), the link arrives by mail and was never in the store.
    await outbox.drain(() => Date.now() + 60_000);
    await until(() => allLinksFor("nadia@pharma.example").length === 1);
    const token = lastLinkFor("nadia@pharma.example");
    waiting = [...waiting, storedText()];
    for (const { values, files } of waiting) {
      expect(values).not.toContain(token);
      expect(files).not.toContain(token);
    }
    expect(waiting.at(-1)!.values).not.toContain("/proof/");
    expect(service.proofs.links(quote.id)).toHaveLength(1);
    expect(await outcome(() => proofPage.loader(args(get(`/proof/${token}`), { token }) as never))).toMatchObject({
      status: 200,
    });
  });
});

describe("the desk's proof form", () => {
  const versions = () =>
    getQuoteService().proofs.proofs(getQuoteService().store.byReference(otherReference)!.id).length;

  it("sent twice from one rendering (a retry over a weak link) stores and mails one proof; a new rendering sends again", async () => {
    const service = getQuoteService();
    const quote = service.store.byReference(otherReference)!;
    const proofMails = () => service.messaging.messages(quote.id).filter((message) => message.kind === "proof").length;
    const [before, mailsBefore] = [versions(), proofMails()];
    const file = new Blob([await png("#7c3aed")]);
    const key = randomUUID();
    const [first, again] = await Promise.all([
      sendProof(otherReference, file, "purple.png", "Purple logo", key),
      sendProof(otherReference, file, "purple.png", "Purple logo", key),
    ]);
    expect([first.status, again.status]).toEqual([302, 302]);
    expect(first.headers.get("location")).toBe(again.headers.get("location"));
    expect(versions()).toBe(before + 1);
    expect(proofMails()).toBe(mailsBefore + 1);
    expect((await sendProof(otherReference, file, "purple.png", "Purple logo", randomUUID())).status).toBe(302);
    expect(versions()).toBe(before + 2);
    // A key that is no rendering's is refused with what to do.
    const forged = await sendProof(otherReference, file, "purple.png", "", "not-a-key");
    expect(forged.status).toBe(400);
    expect(forged.data).toEqual({
      intent: "proof",
      error: "This form is out of date: reload the page and send the proof again.",
    });
    expect(versions()).toBe(before + 2);
  });

  it("refuses a proof over 10 MB with a message saying so, and stores nothing", async () => {
    const before = versions();
    const big = new Uint8Array(proofLimits.fileBytes + 1);
    big.set(await png("#000000"));
    const refused = await sendProof(otherReference, new Blob([big]), "big.png", "");
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ intent: "proof", error: "The proof file may be at most 10 MB." });
    expect(versions()).toBe(before);
  });

  it("stops reading a chunked body with no length at the limit, and answers 413 with the message", async () => {
    const before = versions();
    const boundary = "proof-boundary";
    const head = new TextEncoder().encode(
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="intent"',
        "",
        "proof",
        `--${boundary}`,
        'Content-Disposition: form-data; name="proof"; filename="huge.png"',
        "Content-Type: image/png",
        "",
        "",
      ].join("\r\n"),
    );
    const chunk = new Uint8Array(64 * 1024);
    const total = 40 * 1024 * 1024;
    let pulled = 0;
    let cancelled = false;
    // 40 MB, one chunk a turn of the event loop: read whole, it would be a 40 MB file refused only after.
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          await new Promise((next) => setImmediate(next));
          if (pulled >= total) {
            controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
            return controller.close();
          }
          const part = pulled === 0 ? head : chunk;
          pulled += part.byteLength;
          controller.enqueue(part);
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(`${site}/desk/quotes/${otherReference}`, {
      method: "POST",
      headers: { Origin: site, Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(request.headers.get("content-length")).toBeNull();
    const refused = await outcome(() =>
      underDeskLayout(quotePage.action, args(request, { reference: otherReference })),
    );
    const readBeforeAnswer = pulled;
    expect(refused.status).toBe(413);
    expect(refused.data).toEqual({ intent: "proof", error: "The proof file may be at most 10 MB." });
    expect(readBeforeAnswer).toBeLessThan(proofLimits.requestBytes + 4 * chunk.byteLength);
    expect(versions()).toBe(before);
    // The rest is read and thrown away (so a browser sees the answer), to the end of this body.
    await until(() => pulled >= total || cancelled);
  });
});

function allLinksFor(address: string) {
  return smtp.received
    .filter((mail) => mail.to.includes(address))
    .map((mail) => /\/proof\/([A-Za-z0-9_-]{43})/.exec(decoded(mail.raw))?.[1])
    .filter((token): token is string => Boolean(token));
}

/** The link of the `count`-th proof e-mail to an address (the latest by default), once it has arrived. */
function lastLinkFor(address: string, count?: number) {
  const links = allLinksFor(address);
  if (count !== undefined && links.length < count) throw new Error(`only ${links.length} links for ${address}`);
  return (count !== undefined ? links[count - 1] : links.at(-1))!;
}
