import { describe, expect, it, onTestFinished } from "vitest";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { Messaging } from "~/lib/messaging/messaging.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { deskText } from "~/content/desk";
import { WINDOW_MS } from "./contacts.server";
import { type WhatsAppContactBook, WhatsAppDesk, type WhatsAppTemplates, whatsAppPanel } from "./desk.server";
import type { WhatsAppConfig } from "./types";

const config: WhatsAppConfig = {
  token: "EAAG-test-token",
  phoneNumberId: "109876543210",
  appSecret: "app-secret",
  verifyToken: "verify-me",
  apiUrl: "https://graph.facebook.com/v21.0",
};
const number = "923001234567";
const friday = new Date("2026-11-27T09:05:00Z"); // 14:05 in Lahore
const actor = { ...bilal, staffId: null };

/** The buyers' numbers as the contacts module would answer for them: when each last wrote, and STOP. */
function contactBook(contacts: Record<string, { lastInboundAt?: string; optedOutAt?: string }>): WhatsAppContactBook {
  return {
    windowOf(of, now) {
      const last = contacts[of]?.lastInboundAt ?? null;
      const closesAt = last && new Date(Date.parse(last) + WINDOW_MS).toISOString();
      return { open: closesAt !== null && Date.parse(closesAt) > now.getTime(), lastInboundAt: last, closesAt };
    },
    optedOutAt: (of) => contacts[of]?.optedOutAt ?? null,
  };
}

/** The four approved templates as the modules register them; `nothingYet` kinds have nothing to link to. */
function templates(nothingYet: readonly string[] = []): WhatsAppTemplates {
  const choices = [
    { kind: "proof", name: "proof_ready", label: "Proof ready" },
    { kind: "quotation", name: "quotation_sent", label: "Quotation sent" },
    { kind: "order-stage", name: "order_dispatched", label: "Order dispatched" },
    { kind: "invoice", name: "invoice_issued", label: "Invoice issued" },
  ];
  return {
    whatsappTemplateChoices: () => choices,
    deskTemplatePayload: (kind) =>
      !choices.some((choice) => choice.kind === kind)
        ? undefined
        : nothingYet.includes(kind)
          ? null
          : kind === "proof"
            ? { version: 1 }
            : {},
  };
}

function setUp(
  contacts: Parameters<typeof contactBook>[0],
  { connected = true, whatsappNumber = number as string | null, nothingYet = [] as string[] } = {},
) {
  const store = QuoteStore.open(tempDir("whatsapp-desk"));
  onTestFinished(() => store.close());
  const messaging = new Messaging(store);
  const { quote } = store.insert({ ...buyerFields, phone: "0300 1234567" }, submissionMeta(`wa-${Math.random()}`), {
    notify: false,
    now: new Date("2026-11-26T05:00:00Z"),
  });
  let kicks = 0;
  const desk = new WhatsAppDesk({
    messaging,
    config: connected ? config : null,
    contacts: contactBook(contacts),
    templates: templates(nothingYet),
    afterQueued: () => kicks++,
  });
  const whatsapp = messaging.messages(quote.id).filter((message) => message.channel === "whatsapp");
  expect(whatsapp).toEqual([]);
  return {
    store,
    messaging,
    desk,
    request: { id: quote.id, whatsappNumber },
    quoteId: quote.id,
    kicks: () => kicks,
    sent: () => messaging.messages(quote.id).filter((message) => message.channel === "whatsapp"),
    history: () => store.audit.requestHistory(quote.id).map((line) => `${line.kind}: ${line.body}`),
  };
}

const hoursBefore = (hours: number, at = friday) => new Date(at.getTime() - hours * 3_600_000).toISOString();

describe("the desk's WhatsApp state", () => {
  it("gives the number as the desk shows it, the window from the buyer's last message, and the four templates", () => {
    const { desk, request } = setUp({ [number]: { lastInboundAt: hoursBefore(2) } });
    expect(desk.state(request, friday)).toEqual({
      connected: true,
      number,
      displayNumber: "+92 300 1234567",
      window: { open: true, lastInboundAt: "2026-11-27T07:05:00.000Z", closesAt: "2026-11-28T07:05:00.000Z" },
      optedOutAt: null,
      templates: [
        { kind: "proof", label: "Proof ready" },
        { kind: "quotation", label: "Quotation sent" },
        { kind: "order-stage", label: "Order dispatched" },
        { kind: "invoice", label: "Invoice issued" },
      ],
    });
  });

  it("says not connected without the settings, and no window without a number", () => {
    expect(setUp({}, { connected: false }).desk.state(setUp({}).request, friday).connected).toBe(false);
    const { desk, request } = setUp({}, { whatsappNumber: null });
    const state = desk.state(request, friday);
    expect(state).toMatchObject({ connected: true, number: null, displayNumber: null, window: null });
  });

  it("gives when the buyer wrote STOP", () => {
    const { desk, request } = setUp({ [number]: { lastInboundAt: hoursBefore(30), optedOutAt: hoursBefore(30) } });
    expect(desk.state(request, friday)).toMatchObject({
      window: { open: false },
      optedOutAt: "2026-11-26T03:05:00.000Z",
    });
  });

  it("refuses a template with nothing on the request to link to, and sends the newest proof's", () => {
    const none = setUp({ [number]: { lastInboundAt: hoursBefore(30) } }, { nothingYet: ["proof"] });
    expect(
      none.desk.sendTemplate(none.request, "proof", actor, "cb0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e", friday),
    ).toEqual({ ok: false, refused: "nothing-to-point-to" });
    const some = setUp({ [number]: { lastInboundAt: hoursBefore(30) } });
    expect(
      some.desk.sendTemplate(some.request, "proof", actor, "db0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e", friday),
    ).toEqual({ ok: true, queued: true });
    expect(some.sent()[0]).toMatchObject({ kind: "proof", payload: { version: 1, template: "proof_ready" } });
  });
});

describe("free text on WhatsApp", () => {
  it("inside the window is queued once to the buyer's number, written into the history, and waits on the buyer", () => {
    const setup = setUp({ [number]: { lastInboundAt: hoursBefore(23.9) } });
    const { desk, request, store, quoteId } = setup;
    const body = "Assalam o alaikum Ayesha, 500 blue pens are Rs 95 each. Shall we send a proof?";
    expect(desk.sendText(request, body, actor, "3b0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e", friday)).toEqual({
      ok: true,
      queued: true,
    });
    // The same form sent twice (a double tap, a retry) queues nothing more.
    expect(desk.sendText(request, body, actor, "3b0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e", friday)).toEqual({
      ok: true,
      queued: false,
    });
    const [message, ...more] = setup.sent();
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      direction: "out",
      kind: "reply",
      channel: "whatsapp",
      recipient: number,
      status: "queued",
      payload: { body, staffName: "Bilal", staffEmail: "bilal@promo.example" },
    });
    expect(setup.kicks()).toBe(1);
    expect(store.get(quoteId)!.status).toBe("waiting_on_buyer");
    expect(store.get(quoteId)!.answeredAt).toBe(friday.toISOString());
    expect(setup.history()).toEqual([
      "received: Request received",
      `reply: ${body}`,
      expect.stringMatching(/^status: .*Waiting on buyer/),
    ]);
  });

  it("outside the window is refused, and nothing is queued or moved", () => {
    const setup = setUp({ [number]: { lastInboundAt: hoursBefore(24) } });
    const before = setup.history();
    expect(setup.desk.sendText(setup.request, "Hello", actor, "4b0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e", friday)).toEqual({
      ok: false,
      refused: "window-closed",
    });
    expect(setup.sent()).toEqual([]);
    expect(setup.kicks()).toBe(0);
    expect(setup.history()).toEqual(before);
    expect(setup.store.get(setup.quoteId)!.status).toBe("new");
  });

  it("is refused to a buyer who never wrote on WhatsApp, to a request without a number, and when not connected", () => {
    const key = "5b0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e";
    const never = setUp({});
    expect(never.desk.sendText(never.request, "Hello", actor, key, friday)).toEqual({
      ok: false,
      refused: "window-closed",
    });
    const noNumber = setUp({}, { whatsappNumber: null });
    expect(noNumber.desk.sendText(noNumber.request, "Hello", actor, key, friday)).toEqual({
      ok: false,
      refused: "no-number",
    });
    const off = setUp({ [number]: { lastInboundAt: hoursBefore(1) } }, { connected: false });
    expect(off.desk.sendText(off.request, "Hello", actor, key, friday)).toEqual({
      ok: false,
      refused: "not-connected",
    });
    for (const setup of [never, noNumber, off]) expect(setup.sent()).toEqual([]);
  });
});

describe("a WhatsApp template", () => {
  it("is queued outside the window with its approved name, once per form, and moves no status", () => {
    const setup = setUp({ [number]: { lastInboundAt: hoursBefore(72) } });
    const key = "6b0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e";
    expect(setup.desk.sendTemplate(setup.request, "quotation", actor, key, friday)).toEqual({ ok: true, queued: true });
    expect(setup.desk.sendTemplate(setup.request, "quotation", actor, key, friday)).toEqual({
      ok: true,
      queued: false,
    });
    expect(setup.sent()).toEqual([
      expect.objectContaining({
        kind: "quotation",
        channel: "whatsapp",
        recipient: number,
        status: "queued",
        payload: { template: "quotation_sent" },
      }),
    ]);
    expect(setup.kicks()).toBe(1);
    expect(setup.store.get(setup.quoteId)!.status).toBe("new");
  });

  it("goes as each of the four templates", () => {
    const setup = setUp({});
    const kinds = ["proof", "quotation", "order-stage", "invoice"];
    kinds.forEach((kind, index) =>
      expect(
        setup.desk.sendTemplate(setup.request, kind, actor, `7b0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5${index}`, friday),
      ).toEqual({ ok: true, queued: true }),
    );
    expect(setup.sent().map((message) => [message.kind, message.payload.template])).toEqual([
      ["proof", "proof_ready"],
      ["quotation", "quotation_sent"],
      ["order-stage", "order_dispatched"],
      ["invoice", "invoice_issued"],
    ]);
  });

  it("is refused to a buyer who wrote STOP, and for a kind that is not one of the four", () => {
    const stopped = setUp({ [number]: { lastInboundAt: hoursBefore(1), optedOutAt: hoursBefore(1) } });
    expect(
      stopped.desk.sendTemplate(stopped.request, "proof", actor, "8b0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e", friday),
    ).toEqual({ ok: false, refused: "opted-out" });
    const open = setUp({});
    for (const kind of ["reply", "receipt", "acknowledgement", ""])
      expect(open.desk.sendTemplate(open.request, kind, actor, "9b0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e", friday)).toEqual(
        { ok: false, refused: "unknown-template" },
      );
    for (const setup of [stopped, open]) expect(setup.sent()).toEqual([]);
    const noNumber = setUp({}, { whatsappNumber: null });
    expect(
      noNumber.desk.sendTemplate(noNumber.request, "proof", actor, "ab0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e", friday),
    ).toEqual({ ok: false, refused: "no-number" });
  });
});

describe("the window in words", () => {
  const panel = (contacts: Parameters<typeof contactBook>[0], now = friday) => {
    const { desk, request } = setUp(contacts);
    return whatsAppPanel(desk.state(request, now), now, deskText.whatsapp);
  };

  it("inside it: when the buyer last wrote and until when the office may write freely", () => {
    expect(panel({ [number]: { lastInboundAt: friday.toISOString() } }, later(5))).toMatchObject({
      window: "The buyer last wrote on WhatsApp at 14:05 PKT today. You can write freely until 14:05 PKT tomorrow.",
      optedOut: null,
      canWrite: true,
      canTemplate: false,
    });
  });

  it("outside it: only an approved template, with the day the buyer last wrote", () => {
    expect(panel({ [number]: { lastInboundAt: friday.toISOString() } }, later(24 * 60 + 1))).toMatchObject({
      window:
        "The buyer last wrote on WhatsApp more than 24 hours ago (27 Nov, 14:05 PKT): WhatsApp lets you send only an approved template until they write again.",
      canWrite: false,
      canTemplate: true,
    });
    expect(panel({})).toMatchObject({
      window: "The buyer has not written on WhatsApp: only an approved template can be sent.",
      canTemplate: true,
    });
  });

  it("after STOP: no templates, and says so", () => {
    expect(
      panel({ [number]: { lastInboundAt: friday.toISOString(), optedOutAt: friday.toISOString() } }, later(30 * 60)),
    ).toMatchObject({
      window: null,
      optedOut: "The buyer wrote STOP on 27 Nov, 14:05 PKT: no more templates are sent to them.",
      canWrite: false,
      canTemplate: false,
    });
  });
});

function later(minutes: number) {
  return new Date(friday.getTime() + minutes * 60_000);
}
