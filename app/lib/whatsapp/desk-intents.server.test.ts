import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { onsetPenLine, sentQuotation } from "../../../tests/support/quotation-fixture";
import { deskText } from "~/content/desk";
import { hashPassword } from "~/lib/desk/passwords.server";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import * as quotePage from "~/routes/desk/request";
import * as signInRoute from "~/routes/desk/sign-in";

// "Send on WhatsApp" through the request page's real loader and action, behind the desk's middleware:
// what the page offers follows the window, and the server checks it again whatever the form says.

// Staff get only reading here, owners everything: the new forms must follow the map.
vi.mock("~/lib/desk/permissions", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/lib/desk/permissions")>();
  return { ...actual, rolePermissions: { owner: actual.permissions, staff: ["requests.read"] } };
});

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
const settings = {
  WHATSAPP_TOKEN: "EAAG-test-token",
  WHATSAPP_PHONE_NUMBER_ID: "109876543210",
  WHATSAPP_APP_SECRET: "desk-intents-app-secret",
  WHATSAPP_VERIFY_TOKEN: "verify-me",
  // Nothing listens here: what the desk queues stays in the outbox.
  WHATSAPP_API_URL: "http://127.0.0.1:9/v21.0",
};
let dataDir: string;
let ownerCookie: string;
let staffCookie: string;
let ip = 0;
let buyers = 0;

const post = (reference: string, fields: Record<string, string>, cookie: string) =>
  new Request(`${site}/desk/quotes/${reference}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site, Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });

async function answer(run: () => Promise<unknown>) {
  const value = await run().catch((thrown: unknown) => thrown);
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: undefined as unknown };
  const { data, init } = value as { data: unknown; init?: ResponseInit };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
}

const act = (reference: string, fields: Record<string, string>, cookie = ownerCookie) =>
  answer(() =>
    underDeskLayout(
      quotePage.action,
      routeArgs(post(reference, fields, cookie), { reference }, `198.51.100.${ip++ % 250}`),
    ),
  );

const page = async (reference: string) => {
  const loaded = await answer(() =>
    underDeskLayout(
      quotePage.loader,
      routeArgs(
        new Request(`${site}/desk/quotes/${reference}`, { headers: { Cookie: ownerCookie } }),
        { reference },
        "198.51.100.251",
      ),
    ),
  );
  expect(loaded.status).toBe(200);
  return loaded.data as Awaited<ReturnType<typeof quotePage.loader>>;
};

async function account(email: string, name: string) {
  const service = getQuoteService();
  const { token } = service.staff.add(email, name);
  service.staff.usePasswordToken(token, await hashPassword(password));
  const signedIn = await answer(() =>
    Promise.resolve().then(() =>
      signInRoute.action(
        routeArgs(
          new Request(`${site}/desk/sign-in`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
            body: new URLSearchParams({ email, password }).toString(),
          }),
          {},
          "198.51.100.252",
        ) as never,
      ),
    ),
  );
  expect(signedIn.status).toBe(302);
  return signedIn.headers.get("set-cookie")!.split(";")[0]!;
}

/**
 * A request from a buyer on WhatsApp: their number on the request (as the quote form saves it) and, when
 * given, when they last wrote and whether they wrote STOP (as the inbound webhook records them).
 */
function request(contact: { wroteHoursAgo?: number; stoppedHoursAgo?: number; quoted?: boolean } = {}) {
  const service = getQuoteService();
  const number = `92300${String(1_000_000 + ++buyers)}`;
  const { quote } = contact.quoted
    ? sentQuotation(service.store, `wa-intents-${buyers}`, {
        phone: "0300 1234567",
        lines: [onsetPenLine([{ quantity: 500, unitPaisa: 9_500 }])],
      })
    : service.store.insert(
        {
          name: "Ayesha Khan",
          company: "Acme",
          email: "ayesha@acme.example",
          phone: "0300 1234567",
          product: "Pens",
          message: "500",
        },
        { clientIp: "203.0.113.7", userAgent: "vitest", page: "/contact", idempotencyKey: `wa-intents-${buyers}` },
        { notify: false },
      );
  service.db.prepare("UPDATE quotes SET whatsapp_number = ? WHERE id = ?").run(number, quote.id);
  const ago = (hours?: number) => (hours === undefined ? null : new Date(Date.now() - hours * 3_600_000).toISOString());
  if (contact.wroteHoursAgo !== undefined || contact.stoppedHoursAgo !== undefined)
    service.db
      .prepare("INSERT INTO whatsapp_contacts (number, last_inbound_at, opted_out_at) VALUES (?, ?, ?)")
      .run(number, ago(contact.wroteHoursAgo), ago(contact.stoppedHoursAgo));
  const sent = () => service.messaging.messages(quote.id).filter((message) => message.channel === "whatsapp");
  return { reference: quote.reference, id: quote.id, number, sent, status: () => service.store.get(quote.id)!.status };
}

const textForm = (text: string, key: string) => ({ intent: "whatsapp-text", whatsappText: text, whatsappKey: key });
const templateForm = (template: string, key: string) => ({ intent: "whatsapp-template", template, templateKey: key });
const key = (n: number) => `c0e0f4e0-4b8a-4d0e-9a53-0c1f2b3c4d${String(n).padStart(2, "0")}`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "whatsapp-intents-"));
  process.env.DATA_DIR = dataDir;
  Object.assign(process.env, settings);
  getQuoteService();
  ownerCookie = await account("owner@promo.example", "Sana Iqbal");
  staffCookie = await account("staff@promo.example", "Bilal");
});

afterAll(async () => {
  await stopQuoteService();
  for (const name of ["DATA_DIR", ...Object.keys(settings)]) delete process.env[name];
  rmSync(dataDir, { recursive: true, force: true });
});

describe("Send on WhatsApp on the request page", () => {
  it("inside the window offers free text, sends it once to the buyer's number, and hands the request to the buyer", async () => {
    const buyer = request({ wroteHoursAgo: 2 });
    const { whatsappPanel } = await page(buyer.reference);
    expect(whatsappPanel).toMatchObject({ displayNumber: expect.stringMatching(/^\+92 300 \d{7}$/), canWrite: true });
    expect(whatsappPanel!.canTemplate).toBe(false);
    expect(whatsappPanel!.window).toMatch(
      /^The buyer last wrote on WhatsApp at \d\d:\d\d PKT (today|yesterday)\. You can write freely until \d\d:\d\d PKT (today|tomorrow)\.$/,
    );
    const form = textForm("Assalam o alaikum, the proof is ready today.", key(1));
    const first = await act(buyer.reference, form);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/desk/quotes/${buyer.reference}?done=whatsapp-text`);
    expect((await act(buyer.reference, form)).status).toBe(302); // sent twice: queued once
    expect(buyer.sent()).toEqual([
      expect.objectContaining({
        kind: "reply",
        recipient: buyer.number,
        payload: { body: form.whatsappText, staffName: "Sana Iqbal", staffEmail: "owner@promo.example" },
      }),
    ]);
    expect(buyer.status()).toBe("waiting_on_buyer");
  });

  it("outside the window refuses free text on the server, even from a forged form", async () => {
    for (const buyer of [request({ wroteHoursAgo: 25 }), request()]) {
      const { whatsappPanel } = await page(buyer.reference);
      expect(whatsappPanel).toMatchObject({ canWrite: false, canTemplate: true });
      const refused = await act(buyer.reference, textForm("Hello again", key(2)));
      expect(refused.status).toBe(400);
      expect(refused.data).toEqual({
        intent: "whatsapp-text",
        error:
          "The buyer has not written on WhatsApp in the last 24 hours: WhatsApp accepts only an approved template now.",
      });
      expect(buyer.sent()).toEqual([]);
      expect(buyer.status()).toBe("new");
    }
    const never = await page(request().reference);
    expect(never.whatsappPanel!.window).toBe(
      "The buyer has not written on WhatsApp: only an approved template can be sent.",
    );
    const late = await page(request({ wroteHoursAgo: 30 }).reference);
    expect(late.whatsappPanel!.window).toMatch(
      /^The buyer last wrote on WhatsApp more than 24 hours ago \(\d{1,2} \w{3}, \d\d:\d\d PKT\): WhatsApp lets you send only an approved template until they write again\.$/,
    );
  });

  it("sends an approved template outside the window, and refuses a kind that is not one", async () => {
    const buyer = request({ wroteHoursAgo: 48, quoted: true });
    // No order on its way yet: the dispatch template has nothing to point to.
    const early = await act(buyer.reference, templateForm("order-stage", key(6)));
    expect(early.status).toBe(400);
    expect(early.data).toEqual({
      intent: "whatsapp-template",
      error: deskText.whatsapp.refused["nothing-to-point-to"],
    });
    const sent = await act(buyer.reference, templateForm("quotation", key(3)));
    expect(sent.headers.get("location")).toBe(`/desk/quotes/${buyer.reference}?done=whatsapp-template`);
    expect(buyer.sent()).toEqual([
      expect.objectContaining({
        kind: "quotation",
        recipient: buyer.number,
        payload: { template: "quotation_sent" },
      }),
    ]);
    for (const forged of ["receipt", "reply", "proof_ready", ""]) {
      const refused = await act(buyer.reference, templateForm(forged, key(4)));
      expect(refused.status, forged).toBe(400);
      expect(refused.data, forged).toEqual({
        intent: "whatsapp-template",
        error: "Choose one of the approved templates.",
      });
    }
    expect(buyer.sent()).toHaveLength(1);
  });

  it("says when the buyer wrote STOP, and sends them no template", async () => {
    const buyer = request({ wroteHoursAgo: 30, stoppedHoursAgo: 30 });
    const { whatsappPanel } = await page(buyer.reference);
    expect(whatsappPanel).toMatchObject({ canWrite: false, canTemplate: false, window: null });
    expect(whatsappPanel!.optedOut).toMatch(
      /^The buyer wrote STOP on \d{1,2} \w{3}, \d\d:\d\d PKT: no more templates are sent to them\.$/,
    );
    const refused = await act(buyer.reference, templateForm("proof", key(5)));
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      intent: "whatsapp-template",
      error: "The buyer wrote STOP: no more templates are sent to them.",
    });
    expect(buyer.sent()).toEqual([]);
  });

  it("refuses both forms to staff whose role lacks the reply permission", async () => {
    const buyer = request({ wroteHoursAgo: 1 });
    for (const form of [textForm("Hello", key(6)), templateForm("proof", key(7))]) {
      const refused = await act(buyer.reference, form, staffCookie);
      expect(refused.status, form.intent).toBe(403);
      expect(String(refused.data), form.intent).toMatch(/may not do this \(it needs the "requests.reply" permission/);
    }
    expect(buyer.sent()).toEqual([]);
    expect(buyer.status()).toBe("new");
  });

  it("refuses a request without a number WhatsApp reaches", async () => {
    const buyer = request({ wroteHoursAgo: 1 });
    getQuoteService().db.prepare("UPDATE quotes SET whatsapp_number = NULL WHERE id = ?").run(buyer.id);
    expect((await page(buyer.reference)).whatsappPanel).toMatchObject({
      displayNumber: null,
      window: null,
      canWrite: false,
      canTemplate: false,
    });
    const refused = await act(buyer.reference, textForm("Hello", key(8)));
    expect(refused.data).toEqual({ intent: "whatsapp-text", error: "This request has no number WhatsApp reaches." });
  });
});
