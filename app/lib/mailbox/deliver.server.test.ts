import { describe, expect, it } from "vitest";
import { buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { Messaging } from "~/lib/messaging/messaging.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { mailboxDelivery } from "./deliver.server";
import type { InboundMail } from "./inbound-mail";

const buyer = buyerFields;
const meta = submissionMeta;
const friday = new Date("2026-11-27T07:00:00Z");

function setUp() {
  const store = QuoteStore.open(tempDir("mailbox-deliver"));
  const messaging = new Messaging(store);
  const first = store.insert(buyer, meta("first"), { notify: true, now: friday }).quote;
  const second = store.insert({ ...buyer, email: "bilal@else.example" }, meta("second"), {
    notify: true,
    now: friday,
  }).quote;
  const acknowledgement = messaging.messages(first.id).find((message) => message.kind === "acknowledgement")!;
  return { store, messaging, first, second, acknowledgement, deliver: mailboxDelivery({ store, messaging }) };
}

const mail = (fields: Partial<InboundMail>): InboundMail => ({
  messageId: "<CAF-1@mail.gmail.com>",
  inReplyTo: null,
  references: [],
  from: { name: "Ayesha Khan", address: "Ayesha@Acme.example" },
  to: [{ name: "Sales", address: "sales@promo.example" }],
  subject: "Re: Your quote request",
  date: "2026-11-28T06:00:00.000Z",
  sentAt: "2026-11-28T05:59:00.000Z",
  text: "جی ہاں، 500 قلم۔\nBlue, please.",
  fullText: "جی ہاں، 500 قلم۔\nBlue, please.\n\nOn Fri, Sales wrote:\n> Your reference is Q-2026-0001.",
  attachments: [],
  attachmentsLeftOut: 0,
  tooLarge: false,
  size: 1200,
  ...fields,
});

const inbound = (messaging: Messaging, quoteId: number) =>
  messaging.messages(quoteId).filter((message) => message.direction === "in");

describe("a buyer's mail from the office mailbox", () => {
  it("reaches the request whose acknowledgement it answers, once, and hands the move back to the office", async () => {
    const { store, messaging, first, second, acknowledgement, deliver } = setUp();
    const answer = mail({
      inReplyTo: `<${acknowledgement.messageId}@promo.example>`,
      attachments: [
        {
          filename: "logo.png",
          contentType: "image/png",
          declaredType: "application/pdf",
          size: 2048,
          content: Buffer.from("x"),
        },
      ],
    });
    expect(await deliver(answer)).toBe("stored");
    expect(await deliver(answer)).toBe("duplicate"); // read again after a restart: not stored twice
    const [message] = inbound(messaging, first.id);
    expect(inbound(messaging, first.id)).toHaveLength(1);
    expect(inbound(messaging, second.id)).toHaveLength(0);
    expect(message).toMatchObject({
      kind: "buyer-mail",
      messageId: "CAF-1@mail.gmail.com",
      createdAt: "2026-11-28T06:00:00.000Z",
      payload: {
        from: { name: "Ayesha Khan", address: "Ayesha@Acme.example" },
        fromRequestAddress: true,
        text: "جی ہاں، 500 قلم۔\nBlue, please.",
        quoted: expect.stringContaining("> Your reference is Q-2026-0001."),
        // Described, not kept: no file from an e-mail is stored.
        attachments: [{ filename: "logo.png", contentType: "image/png", declaredType: "application/pdf", size: 2048 }],
      },
    });
    expect(store.get(first.id)!.status).toBe("waiting_on_us");
    expect(store.get(first.id)!.answeredAt).toBeNull(); // the buyer writing is no answer from the office
    expect(
      store.audit
        .requestHistory(first.id)
        .slice(-2)
        .map((line) => [line.actor, line.body]),
    ).toEqual([
      ["buyer (e-mail)", "E-mail from Ayesha@Acme.example: Re: Your quote request"],
      ["buyer", "Status: Waiting on us"],
    ]);
    store.close();
  });

  it("reaches a request by the one reference its subject names, and marks a stranger's address", async () => {
    const { store, messaging, second, deliver } = setUp();
    const outcome = await deliver(
      mail({ subject: `Fwd: ${second.reference} artwork`, from: { name: "", address: "x@elsewhere.example" } }),
    );
    expect(outcome).toBe("stored");
    expect(inbound(messaging, second.id)).toMatchObject([{ payload: { fromRequestAddress: false } }]);
    expect(store.get(second.id)!.status).toBe("waiting_on_us");
    store.close();
  });

  it("threads a later mail by the buyer's own earlier one in References", async () => {
    const { messaging, first, acknowledgement, deliver, store } = setUp();
    await deliver(mail({ inReplyTo: `<${acknowledgement.messageId}@promo.example>` }));
    const later = mail({
      messageId: "<CAF-2@mail.gmail.com>",
      subject: "more",
      references: ["<CAF-1@mail.gmail.com>"],
    });
    expect(await deliver(later)).toBe("stored");
    expect(inbound(messaging, first.id)).toHaveLength(2);
    store.close();
  });

  it("leaves a mail matching no request, or naming two, unmatched and records nothing", async () => {
    const { store, messaging, first, second, deliver } = setUp();
    const before = store.audit.requestHistory(first.id).length;
    expect(await deliver(mail({ subject: "Price list please" }))).toBe("unmatched");
    expect(await deliver(mail({ subject: `${first.reference} and ${second.reference}` }))).toBe("unmatched");
    expect(await deliver(mail({ subject: "Re: Q-2026-9999" }))).toBe("unmatched"); // no such request
    expect(await deliver(mail({ inReplyTo: "<acknowledgement-unknown@promo.example>" }))).toBe("unmatched");
    expect(inbound(messaging, first.id)).toHaveLength(0);
    expect(store.audit.requestHistory(first.id)).toHaveLength(before);
    expect(store.get(first.id)!.status).toBe("new");
    store.close();
  });

  it("keeps a Won or Lost request where it is, the mail still in its thread", async () => {
    const { store, messaging, first, deliver } = setUp();
    store.setStatus(first.id, "lost", "Price", { name: "Bilal", email: "bilal@promo.example" });
    expect(await deliver(mail({ subject: `Re: ${first.reference}` }))).toBe("stored");
    expect(store.get(first.id)!.status).toBe("lost");
    expect(inbound(messaging, first.id)).toHaveLength(1);
    store.close();
  });
});
