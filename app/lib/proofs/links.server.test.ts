import { describe, expect, it } from "vitest";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { acceptedOrder } from "../../../tests/support/invoice-fixture";
import { decoded, startSmtp } from "../../../tests/support/smtp-server";
import { Invoices } from "~/lib/invoices/invoices.server";
import { Messaging } from "~/lib/messaging/messaging.server";
import { createSmtpMailer } from "~/lib/quotes/mailer.server";
import { Outbox } from "~/lib/messaging/outbox.server";
import { MessageKinds } from "~/lib/messaging/registry.server";
import { domainRounds, registerDomainMessages } from "~/lib/workflows/message-kinds.server";
import { acceptedBuyerEmail } from "~/lib/quotations/buyer-mail";
import { deskProofs } from "./desk.server";
import { openProofLink } from "./page.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { proofEmail } from "./mail";
import { ProofDesk } from "./proofs.server";

// A buyer's link minted for a mail that is not a proof's (a quotation's): it opens the request's page,
// goes with a failed attempt, and ends alone.

function setUp() {
  const store = QuoteStore.open(tempDir("links"));
  const desk = new ProofDesk(store, ["sales@promo.example"]);
  const messaging = new Messaging(store);
  const quote = store.insert(buyerFields, submissionMeta("a"), { notify: false }).quote;
  const other = store.insert({ ...buyerFields, email: "b@else.example" }, submissionMeta("b"), { notify: false }).quote;
  const mail = (quoteId: number) =>
    messaging.queue({ quoteId, kind: "reply", recipient: buyerFields.email, subject: "Quotation", payload: {} })!;
  return { store, desk, quote, other, mail };
}

describe("a link minted for any mail", () => {
  it("opens its own request only, and a failed attempt's link opens nothing", () => {
    const { desk, quote, other, mail } = setUp();
    const message = mail(quote.id);
    const first = desk.linkForMessage(quote.id, message);
    expect(desk.open(first)?.id).toBe(quote.id);
    desk.attemptFailed(message);
    expect(desk.open(first)).toBeUndefined();
    const second = desk.linkForMessage(quote.id, message);
    expect(second).not.toBe(first);
    expect(desk.open(second)?.id).toBe(quote.id);
    expect(desk.open(second)?.id).not.toBe(other.id);
    expect(desk.links(quote.id)).toEqual([expect.objectContaining({ version: null, endedAt: null })]);
  });

  it("ending the one link stops the proof's mail still waiting, so nothing brings a link back unasked", () => {
    const { store, desk, quote, mail } = setUp();
    desk.send(
      store.get(quote.id)!,
      { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]), mediaType: "image/png" },
      "Blue logo",
      bilal,
      (version) => proofEmail(quote, version, "Blue logo"),
    );
    const token = desk.linkForMessage(quote.id, mail(quote.id));
    const [link] = desk.links(quote.id);
    expect(desk.endLink(quote.id, link!.id, bilal)).toBe(true);
    expect(desk.open(token)).toBeUndefined();
    expect(desk.mails(quote.id).filter((proofMail) => proofMail.kind === "proof")).toEqual([
      expect.objectContaining({ status: "cancelled" }),
    ]);
    // A mail staff send afterwards brings a new link, which is again the request's one link.
    const next = desk.linkForMessage(quote.id, mail(quote.id));
    expect(next).not.toBe(token);
    expect(desk.open(next)?.id).toBe(quote.id);
    expect(desk.linkForMessage(quote.id, mail(quote.id))).toBe(next);
  });
});

describe("the buyer's one link", () => {
  it("is carried by two proofs, a quotation and an invoice; ended, it is refused, and the desk lists it once", async () => {
    const smtp = await startSmtp();
    const store = QuoteStore.open(tempDir("one-link"));
    const messaging = new Messaging(store);
    const desk = new ProofDesk(store, ["sales@promo.example"], messaging);
    const from = "Promo Works <sales@promo.example>";
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, to: ["sales@promo.example"], from });
    const kinds = registerDomainMessages(new MessageKinds(), { store, proofs: desk });
    const outbox = new Outbox(messaging, kinds, mailer, { ...domainRounds({ proofs: desk }), log: () => undefined });
    const now = new Date("2026-11-25T06:00:00Z");
    try {
      const order = acceptedOrder(store, { now });
      const quote = order.quote;
      const proof = (colour: number) =>
        desk.send(
          store.get(quote.id)!,
          { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, colour]), mediaType: "image/png" },
          "",
          bilal,
          (version) => proofEmail(quote, version, ""),
          now,
        );
      proof(1);
      messaging.queue({
        quoteId: quote.id,
        kind: "quotation",
        recipient: quote.email,
        subject: `Quotation v1 for ${quote.reference}`,
        payload: { version: 1 },
        now,
      });
      proof(2);
      messaging.queue({
        quoteId: quote.id,
        kind: "quotation-accepted",
        recipient: quote.email,
        subject: `Your order ${order.orderReference}`,
        payload: {
          version: 1,
          body: acceptedBuyerEmail(quote, {
            version: 1,
            order: order.orderReference,
            name: "Ayesha Khan",
            role: "",
            poNumber: "PO-7781",
            acceptedAt: now.toISOString(),
            choices: ["500 pcs"],
            totals: { goodsPaisa: 0, setupPaisa: 0, deliveryPaisa: 0, taxPaisa: 0, totalPaisa: 0 },
            sha256: "0".repeat(64),
          }).body,
        },
        now,
      });
      const invoice = new Invoices(store).issueInvoice(order.orderId, { actor: bilal, now });
      if (!invoice.ok) throw new Error("no invoice");
      messaging.queue({
        quoteId: quote.id,
        kind: "invoice",
        recipient: quote.email,
        subject: `Invoice ${invoice.value.number}`,
        payload: { number: invoice.value.number },
        now,
      });
      await outbox.drain(() => now.getTime());

      const toBuyer = smtp.received.filter((mail) => mail.to.includes(quote.email));
      const tokens = toBuyer.map((mail) => /\/proof\/([A-Za-z0-9_-]{43})/.exec(decoded(mail.raw))?.[1]);
      expect(tokens).toHaveLength(5);
      // The acceptance says how to pay, with the order's number as the reference, before its signature.
      const acceptance = decoded(toBuyer.find((mail) => decoded(mail.raw).includes("Thank you: your acceptance"))!.raw);
      expect(acceptance).toContain(
        [
          "How to pay",
          "Advance due now: PKR 55,194.50",
          "Bank: Example Bank Limited, Gulberg III branch, Lahore",
          "Account title: Lahore Promo Works",
          "Account number: 0012345678901234",
          "IBAN: PK15 EXMP 0012 3456 7890 1234",
          "Raast ID: 03005550100",
          `Quote ${order.orderReference} as the reference.`,
          "",
          "--",
        ].join("\r\n"),
      );
      expect(new Set(tokens).size).toBe(1);
      const token = tokens[0]!;
      expect(desk.open(token, now.getTime())?.id).toBe(quote.id);

      // The desk lists one link, made by the first mail that needed one.
      const listed = deskProofs({ proofs: desk } as never, store.get(quote.id)!, now.getTime()).links;
      expect(listed).toEqual([
        expect.objectContaining({
          carried: true,
          madeBy: "proof v1 e-mail",
          state: "open",
          lastOpened: "2026-11-25 11:00 PKT",
        }),
      ]);

      // Ended by staff: the page says so (410), and the next mail staff send brings a new link.
      expect(desk.endLink(quote.id, listed[0]!.id, bilal, now)).toBe(true);
      const refused = (() => {
        try {
          openProofLink(token, "203.0.113.9", { proofs: desk } as never, now.getTime());
        } catch (error) {
          return error as { init: { status: number }; data: string };
        }
      })();
      expect(refused?.init.status).toBe(410);
      expect(refused?.data).toMatch(
        /^This link has been ended by Lahore Promo Works\. To see your request again, ask us/,
      );
      const fresh = desk.linkForMessage(quote.id, 99, now);
      expect(fresh).not.toBe(token);
      expect(desk.linkForMessage(quote.id, 100, now)).toBe(fresh);
    } finally {
      mailer.close();
      store.close();
      await smtp.close();
    }
  });
});
