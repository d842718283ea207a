import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { fixtures } from "../../../tests/support/upload-fixtures";
import { Messaging } from "~/lib/messaging/messaging.server";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { QuotationAnswers } from "./acceptance.server";
import { defaultTerms, type QuotationDraft } from "./quotations.server";
import { Reorders } from "./reorder.server";

// "Order again" of a delivered order and the desk's "Duplicate as new quotation", on a real SQLite
// store with real files: what the new request holds, its draft, both histories, and the refusals.

const sentAt = new Date("2026-11-20T07:00:00Z");
const acceptedAt = new Date("2026-11-21T07:00:00Z");
const reorderedAt = new Date("2026-12-14T07:00:00Z"); // Monday 12:00 PKT

const draft = (unitPaisa: number): QuotationDraft => ({
  ...defaultTerms(sentAt),
  deliveryPaisa: 150_000,
  note: "Prices include one-colour printing.",
  lines: [
    {
      itemId: "onset-pen",
      description: "Onset pen",
      decoration: "Screen print, 1 colour",
      setupPaisa: 250_000,
      options: [
        { quantity: 250, unitPaisa },
        { quantity: 500, unitPaisa: unitPaisa - 100 },
      ],
    },
    {
      itemId: null,
      description: "Notebook A5",
      decoration: "",
      setupPaisa: 0,
      options: [{ quantity: 100, unitPaisa: 45_050 }],
    },
  ],
});

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

/**
 * A request with a logo, an approved proof, quotation v1 replaced by v2, and v2 accepted (500 pens and
 * 100 notebooks): order O-…. `delivered` holds the orders the stages' rule calls delivered.
 */
async function setup({ notify = true } = {}) {
  const store = QuoteStore.open(tempDir("reorder"));
  const logo = store.writeFile({
    role: "logo",
    mediaType: "image/png",
    data: await fixtures.png(),
    originalName: "acme.png",
  });
  const { quote } = store.insert(
    { ...buyerFields, phone: "+92 300 1234567", replyChannel: "whatsapp", quantity: 500 },
    submissionMeta("k1"),
    {
      notify: false,
      now: sentAt,
      files: [logo],
    },
  );
  const other = store.insert({ ...buyerFields, email: "other@else.example" }, submissionMeta("k2"), {
    notify: false,
    now: sentAt,
  }).quote;
  const proofs = new ProofDesk(store);
  proofs.send(quote, { data: await fixtures.mockup(), mediaType: "image/png" }, "Your pen", bilal, null, sentAt);
  await proofs.answer(store.get(quote.id)!, 1, { kind: "approved", name: "Ayesha", role: "" }, null, sentAt);
  const answers = new QuotationAnswers(store);
  answers.quotations.saveDraft(quote.id, draft(9_000), null, sentAt);
  answers.quotations.send(store.get(quote.id)!, bilal, sentAt);
  answers.quotations.saveDraft(quote.id, draft(8_800), null, sentAt);
  const v2 = answers.quotations.send(store.get(quote.id)!, bilal, sentAt)!;
  const accepted = answers.accept(
    quote.id,
    { version: 2, sha256: v2.sha256!, choices: [2, 1], name: "Ayesha Khan", role: "", poNumber: "PO-1" },
    acceptedAt,
  );
  if (!accepted.ok) throw new Error(accepted.reason);
  /** Puts the order at a stage, as the desk's stage moves would. */
  const stage = (to: string) => store.db.prepare("UPDATE orders SET stage = ? WHERE id = ?").run(to, accepted.order.id);
  stage("delivered");
  const reorders = new Reorders(store, answers.quotations, { notify });
  const files = () =>
    readdirSync(store.attachmentsDir)
      .filter((name) => name !== "incoming")
      .sort();
  /** Everything a refused reorder must leave as it was. */
  const snapshot = () => ({ count: store.count(), files: files(), history: store.audit.requestHistory(quote.id) });
  return { store, quote, other, proofs, answers, order: accepted.order, stage, reorders, snapshot, logo };
}

describe("Order again", () => {
  it("makes a new request with the buyer, the old order named, the artwork copied and a draft at the accepted quantities and prices, valid from today", async () => {
    const { store, quote, proofs, order, reorders } = await setup();
    expect(order.reference).toBe(quote.reference.replace("Q-", "O-"));
    const result = reorders.orderAgain(quote.id, order.reference, reorderedAt);
    if (!result.ok) throw new Error(result.reason);
    expect(result.created).toBe(true);
    const made = result.quote;
    expect(made.reference).not.toBe(quote.reference);
    expect(made).toMatchObject({
      name: "Ayesha Khan",
      company: "Acme Pharma",
      email: "ayesha@acme.example",
      phone: "+92 300 1234567",
      replyChannel: "whatsapp", // answered on WhatsApp, as the buyer asked on the first request
      whatsappNumber: "923001234567",
      product: "Pens",
      status: "new",
      quantity: null, // two lines: each has its own quantity
      message: `Reorder of ${order.reference} (quotation v2): Onset pen, Screen print, 1 colour: 500 pcs; Notebook A5: 100 pcs.`,
    });

    // The logo, and the approved proof as the mockup: new names, the same bytes.
    const [oldLogo] = store.attachments(quote.id);
    const copies = store.attachments(made.id);
    expect(copies.map((file) => file.role)).toEqual(["logo", "mockup"]);
    expect(copies[0]!.storedName).not.toBe(oldLogo!.storedName);
    expect(copies[0]!.sha256).toBe(oldLogo!.sha256);
    expect(sha256(copies[0]!.path)).toBe(oldLogo!.sha256);
    const approved = proofs.proofs(quote.id)[0]!;
    expect(copies[1]!.storedName).not.toBe(approved.storedName);
    expect(sha256(copies[1]!.path)).toBe(approved.sha256);

    // The draft: the accepted option of each line only, at its price; terms as accepted; valid from today.
    const copy = reorders.quotations.draft(made.id)!;
    expect(copy.lines.map((line) => [line.description, line.setupPaisa, line.options])).toEqual([
      ["Onset pen", 250_000, [{ position: 1, quantity: 500, unitPaisa: 8_700 }]],
      ["Notebook A5", 0, [{ position: 1, quantity: 100, unitPaisa: 45_050 }]],
    ]);
    expect(copy).toMatchObject({
      deliveryPaisa: 150_000,
      note: "Prices include one-colour printing.",
      validUntil: defaultTerms(reorderedAt).validUntil,
    });
    expect(reorders.quotations.versions(made.id)).toEqual([]);

    // The office is told and the buyer acknowledged, as for any new request.
    const kinds = new Messaging(store).messages(made.id).map((message) => [message.kind, message.status]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ["request-notification", "queued"],
        ["acknowledgement", "queued"],
      ]),
    );

    // Both histories say where it came from and what became of it.
    expect(store.audit.requestHistory(made.id).map((line) => [line.actor, line.body])).toEqual([
      ["website", "Request received"],
      ["buyer (link)", `Repeat order of ${order.reference} (${quote.reference}, quotation v2)`],
    ]);
    expect(store.audit.requestHistory(quote.id).at(-1)).toMatchObject({ body: `Ordered again as ${made.reference}` });
    expect(reorders.lastReorder(quote.id)?.reference).toBe(made.reference);
  });

  it("makes one request for a double click or a resubmit the same day, and a new one another day", async () => {
    const { store, quote, order, reorders, snapshot } = await setup();
    const first = reorders.orderAgain(quote.id, order.reference, reorderedAt);
    const after = snapshot();
    const again = reorders.orderAgain(quote.id, order.reference, new Date(reorderedAt.getTime() + 3_600_000));
    expect(again).toEqual({ ok: true, created: false, quote: first.ok && first.quote });
    expect(snapshot()).toEqual(after);
    const nextDay = reorders.orderAgain(quote.id, order.reference, new Date(reorderedAt.getTime() + 86_400_000));
    expect(nextDay.ok && nextDay.created).toBe(true);
    expect(store.count()).toBe(after.count + 1);
  });

  it("is refused, creating nothing, for an order not delivered, another request's order, or a request without one", async () => {
    const { quote, other, order, stage, reorders, snapshot } = await setup();
    const before = snapshot();
    expect(reorders.orderAgain(other.id, order.reference, reorderedAt)).toEqual({ ok: false, reason: "no_order" });
    expect(reorders.orderAgain(quote.id, "O-2026-9999", reorderedAt)).toEqual({ ok: false, reason: "other_order" });
    stage("dispatched");
    expect(reorders.offer(quote.id)).toBeNull();
    expect(reorders.orderAgain(quote.id, order.reference, reorderedAt)).toEqual({
      ok: false,
      reason: "not_delivered",
    });
    expect(snapshot()).toEqual(before);
  });

  it("offers nothing before the order's stage is delivered", async () => {
    const { quote, order, stage, reorders } = await setup();
    for (const before of ["awaiting_artwork", "in_production", "quality_checked", "dispatched"]) {
      stage(before);
      expect(reorders.offer(quote.id), before).toBeNull();
    }
    stage("delivered");
    expect(reorders.offer(quote.id)?.order).toBe(order.reference);
  });

  it("offers what it would order again while the order is delivered", async () => {
    const { quote, order, reorders } = await setup();
    expect(reorders.offer(quote.id)).toEqual({
      order: order.reference,
      version: 2,
      lines: ["Onset pen, Screen print, 1 colour: 500 pcs", "Notebook A5: 100 pcs"],
    });
  });
});

describe("Duplicate as new quotation", () => {
  it("makes a request for the same buyer with the files and a draft copied from the latest version, once per form", async () => {
    const { store, quote, reorders, logo } = await setup({ notify: true });
    const result = reorders.duplicate(quote.id, "5d0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e", bilal, null, reorderedAt);
    if (!result.ok) throw new Error(result.reason);
    const made = result.quote;
    expect(made).toMatchObject({ name: "Ayesha Khan", email: "ayesha@acme.example", quantity: 500, status: "new" });
    expect(made.message).toMatch(new RegExp(`^Duplicated from ${quote.reference} \\(quotation v2\\)`));
    expect(store.attachments(made.id).map((file) => [file.role, file.sha256])).toEqual([["logo", logo.sha256]]);
    // Every option of the latest version, not only the accepted one.
    expect(reorders.quotations.draft(made.id)!.lines[0]!.options.map((option) => option.unitPaisa)).toEqual([
      8_800, 8_700,
    ]);
    // Made by staff for their own quotation: no "new request" e-mails.
    expect(new Messaging(store).messages(made.id).every((message) => message.status === "off")).toBe(true);
    expect(store.audit.requestHistory(made.id).at(-1)).toMatchObject({
      actor: "Bilal <bilal@promo.example>",
      body: `Duplicated from ${quote.reference} (quotation v2)`,
    });
    expect(store.audit.requestHistory(quote.id).at(-1)).toMatchObject({
      body: `Duplicated as new quotation ${made.reference}`,
    });
    const count = store.count();
    const again = reorders.duplicate(quote.id, "5d0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e", bilal, null, reorderedAt);
    expect(again.ok && again.quote.reference).toBe(made.reference);
    expect(store.count()).toBe(count);
  });

  it("is refused, creating nothing, for a request without a sent quotation", async () => {
    const { store, other, reorders } = await setup();
    const count = store.count();
    expect(reorders.duplicate(other.id, "6d0e0f4e-4b8a-4d0e-9a53-0c1f2b3c4d5e", bilal, null)).toEqual({
      ok: false,
      reason: "not_sent",
    });
    expect(store.count()).toBe(count);
  });
});
