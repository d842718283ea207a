import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { proofEmail } from "~/lib/proofs/mail";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { domainRounds, registerDomainMessages } from "~/lib/workflows/message-kinds.server";
import type { WhatsAppOutgoing } from "./channels";
import type { OutgoingMail } from "./email.server";
import { Messaging } from "./messaging.server";
import { Outbox, type OutboxOptions } from "./outbox.server";
import { MessageKinds } from "./registry.server";

const friday = new Date("2026-11-27T07:00:00Z"); // Friday noon in Lahore
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]);
const number = "923001234567";

/** An error as the WhatsApp client throws it: Meta's code and title, and whether a retry may help. */
const graphError = (code: number, title: string, retryable: boolean) =>
  Object.assign(new Error(`(#${code}) ${title}: try again later or check the number`), { code, title, retryable });

/**
 * A store with every module's kinds, an outbox whose e-mail and WhatsApp senders keep what they are given
 * (the WhatsApp one answering each send with the next of `answers`: an id, or an error thrown).
 */
function setUp(name: string, options: Omit<OutboxOptions, "whatsapp"> & { answers?: (string | Error)[] } = {}) {
  const store = QuoteStore.open(tempDir(name));
  const kinds = new MessageKinds();
  const messaging = new Messaging(store, kinds);
  const proofs = new ProofDesk(store, ["sales@promo.example"], messaging);
  registerDomainMessages(kinds, { store, proofs });
  const mails: OutgoingMail[] = [];
  const whatsapps: WhatsAppOutgoing[] = [];
  const logs: string[] = [];
  const answers = options.answers ?? [];
  const outbox = new Outbox(
    messaging,
    kinds,
    {
      from: "Promo Works <sales@promo.example>",
      to: ["sales@promo.example"],
      send: async (mail: OutgoingMail) => {
        mails.push(mail);
      },
    },
    {
      ...domainRounds({ proofs }),
      baseDelayMs: 1_000,
      log: (line) => logs.push(line),
      whatsapp: {
        send: async (outgoing) => {
          whatsapps.push(outgoing);
          const answer = answers.shift() ?? `wamid.${whatsapps.length}`;
          if (answer instanceof Error) throw answer;
          return { providerId: answer };
        },
      },
      ...options,
    },
  );
  /** A request, its buyer having chosen WhatsApp on the form (or not), its own mails sent already. */
  const request = async (key: string, replyChannel: "email" | "whatsapp") => {
    const { quote } = store.insert(buyerFields, submissionMeta(key), { notify: true, now: friday });
    store.db
      .prepare("UPDATE quotes SET reply_channel = ?, whatsapp_number = ? WHERE id = ?")
      .run(replyChannel, number, quote.id);
    await outbox.drain(() => friday.getTime());
    mails.length = 0;
    return store.get(quote.id)!;
  };
  const sendProof = (quote: ReturnType<typeof store.get> & object) =>
    proofs.send(
      quote,
      { data: png, mediaType: "image/png" },
      "Blue logo",
      bilal,
      (v) => proofEmail(quote, v, "Blue logo"),
      friday,
    );
  const whatsappOf = (quoteId: number) =>
    messaging.messages(quoteId).filter((message) => message.channel === "whatsapp");
  const history = (quoteId: number) => store.audit.requestHistory(quoteId).map((line) => line.body);
  return { store, kinds, messaging, proofs, outbox, mails, whatsapps, logs, request, sendProof, whatsappOf, history };
}

describe("the outbox's WhatsApp channel", () => {
  it("sends a proof's WhatsApp twin to a buyer who chose WhatsApp: the approved template, their name, reference and link", async () => {
    const { store, proofs, outbox, mails, whatsapps, request, sendProof, whatsappOf, history } = setUp("wa-twin-sent");
    try {
      const quote = await request("twin", "whatsapp");
      sendProof(quote);
      expect(whatsappOf(quote.id)).toMatchObject([
        {
          kind: "proof",
          channel: "whatsapp",
          recipient: number,
          status: "queued",
          subject: "Proof v1 for Q-2026-0001",
        },
      ]);

      expect(await outbox.drain(() => friday.getTime())).toBe(2);
      expect(mails.map((mail) => mail.subject)).toEqual(["Proof v1 for Q-2026-0001"]);
      expect(whatsapps).toHaveLength(1);
      const sent = whatsapps[0]!;
      expect(sent).toMatchObject({
        to: number,
        type: "template",
        template: { name: "proof_ready", language: "en" },
      });
      const [name, reference, link] = sent.type === "template" ? sent.template.bodyParameters : [];
      expect([name, reference]).toEqual(["Ayesha Khan", "Q-2026-0001"]);
      // The buyer's one private link, minted when it went: it opens their request.
      const token = /\/proof\/([A-Za-z0-9_-]{43})$/.exec(link ?? "")?.[1];
      expect(token && proofs.open(token, friday.getTime())?.id).toBe(quote.id);

      expect(whatsappOf(quote.id)).toMatchObject([{ status: "sent", providerId: "wamid.1", attempts: 1 }]);
      expect(history(quote.id)).toContain("Proof ready sent on WhatsApp to +923001234567");
      // The proofs' own list of mails is the e-mail's.
      expect(proofs.mails(quote.id)).toMatchObject([{ kind: "proof", status: "sent" }]);
      expect(await outbox.drain(() => friday.getTime() + 60_000)).toBe(0);
    } finally {
      store.close();
    }
  });

  it("queues no WhatsApp twin for a buyer who asked to be answered by e-mail", async () => {
    const { store, outbox, whatsapps, request, sendProof, whatsappOf } = setUp("wa-twin-email");
    try {
      const quote = await request("email-only", "email");
      sendProof(quote);
      expect(whatsappOf(quote.id)).toEqual([]);
      expect(await outbox.drain(() => friday.getTime())).toBe(1);
      expect(whatsapps).toEqual([]);
    } finally {
      store.close();
    }
  });

  it("sends the desk's free-text reply on WhatsApp as text and keeps WhatsApp's id", async () => {
    const { store, messaging, outbox, whatsapps, request } = setUp("wa-reply", { answers: ["wamid.HBgM123"] });
    try {
      const quote = await request("reply", "whatsapp");
      const id = messaging.queue({
        quoteId: quote.id,
        kind: "reply",
        channel: "whatsapp",
        recipient: number,
        subject: "",
        payload: { body: "Your pens are ready, shall we send them?", staffName: "Bilal", staffEmail: bilal.email },
        now: friday,
      })!;
      expect(await outbox.drain(() => friday.getTime())).toBe(1);
      expect(whatsapps).toEqual([{ to: number, type: "text", text: "Your pens are ready, shall we send them?" }]);
      expect(messaging.get(id)).toMatchObject({ status: "sent", providerId: "wamid.HBgM123" });
      expect(messaging.byProviderId("wamid.HBgM123")?.id).toBe(id);
    } finally {
      store.close();
    }
  });

  it("ends a message WhatsApp refuses for good as failed, with Meta's words in the history, and never sends it again", async () => {
    const { store, messaging, proofs, outbox, whatsapps, logs, request, sendProof, whatsappOf, history } = setUp(
      "wa-final",
      { answers: [graphError(131026, "Message undeliverable", false)] },
    );
    try {
      const quote = await request("final", "whatsapp");
      sendProof(quote);
      expect(await outbox.drain(() => friday.getTime())).toBe(1); // the e-mail
      const [failed] = whatsappOf(quote.id);
      expect(failed).toMatchObject({
        status: "cancelled",
        delivery: "failed",
        deliveryError: "(#131026) Message undeliverable: try again later or check the number",
        nextAttemptAt: null,
        attempts: 1,
      });
      expect(history(quote.id)).toContain(
        "WhatsApp message (proof) to +923001234567 not sent: (#131026) Message undeliverable: try again later or check the number",
      );
      expect(logs.some((line) => line.includes("will not be retried"))).toBe(true);
      // Its link went with the failed attempt; the e-mail's stays the request's one link.
      expect(proofs.links(quote.id)).toHaveLength(1);
      expect(await outbox.drain(() => friday.getTime() + 3_600_000)).toBe(0);
      expect(whatsapps).toHaveLength(1);
      expect(messaging.waitingCount()).toBe(0);
    } finally {
      store.close();
    }
  });

  it("retries a WhatsApp send that may go through later, backing off like e-mail, until it does", async () => {
    const { store, outbox, whatsapps, logs, request, sendProof, whatsappOf } = setUp("wa-retry", {
      answers: [graphError(130429, "Rate limit hit", true), new Error("connect ECONNREFUSED"), "wamid.3"],
    });
    try {
      const quote = await request("retry", "whatsapp");
      sendProof(quote);
      await outbox.drain(() => friday.getTime());
      expect(whatsappOf(quote.id)).toMatchObject([
        {
          status: "queued",
          attempts: 1,
          lastError: "(#130429) Rate limit hit: try again later or check the number",
          nextAttemptAt: friday.getTime() + 1_000,
          delivery: null,
        },
      ]);
      expect(logs.at(-1)).toBe(
        "Quote request Q-2026-0001: proof WhatsApp message failed (attempt 1: (#130429) Rate limit hit: " +
          "try again later or check the number); retrying in 1 s.",
      );
      // Not due yet: not tried again.
      expect(await outbox.drain(() => friday.getTime() + 999)).toBe(0);
      await outbox.drain(() => friday.getTime() + 1_000);
      expect(whatsappOf(quote.id)).toMatchObject([
        { status: "queued", attempts: 2, nextAttemptAt: friday.getTime() + 1_000 + 2_000 },
      ]);
      expect(await outbox.drain(() => friday.getTime() + 3_000)).toBe(1);
      expect(whatsapps).toHaveLength(3);
      expect(whatsappOf(quote.id)).toMatchObject([{ status: "sent", attempts: 3, providerId: "wamid.3" }]);
    } finally {
      store.close();
    }
  });

  it("ends a WhatsApp message its gate holds back (the buyer wrote STOP) as failed with the gate's reason", async () => {
    const gated: string[] = [];
    const { store, outbox, mails, whatsapps, request, sendProof, whatsappOf, history } = setUp("wa-gate", {
      whatsappGate: (message) => {
        gated.push(`${message.channel}:${message.kind}`);
        return "the buyer wrote STOP on WhatsApp";
      },
    });
    try {
      const quote = await request("gate", "whatsapp");
      sendProof(quote);
      expect(await outbox.drain(() => friday.getTime())).toBe(1);
      // The e-mail went as ever; only the WhatsApp message asked the gate.
      expect(mails).toHaveLength(1);
      expect(gated).toEqual(["whatsapp:proof"]);
      expect(whatsapps).toEqual([]);
      expect(whatsappOf(quote.id)).toMatchObject([
        { status: "cancelled", delivery: "failed", deliveryError: "the buyer wrote STOP on WhatsApp" },
      ]);
      expect(history(quote.id)).toContain(
        "WhatsApp message (proof) to +923001234567 not sent: the buyer wrote STOP on WhatsApp",
      );
    } finally {
      store.close();
    }
  });

  it("ends a WhatsApp message as failed, saying so, when no WhatsApp sender is set up", async () => {
    const { store, messaging, kinds, request, whatsappOf, history } = setUp("wa-unset");
    try {
      const quote = await request("unset", "whatsapp");
      const outbox = new Outbox(
        messaging,
        kinds,
        { from: "a@promo.example", to: [], send: async () => undefined },
        {
          log: () => undefined,
        },
      );
      messaging.queue({
        quoteId: quote.id,
        kind: "reply",
        channel: "whatsapp",
        recipient: number,
        subject: "",
        now: friday,
      });
      expect(await outbox.drain(() => friday.getTime())).toBe(0);
      expect(whatsappOf(quote.id)).toMatchObject([{ status: "cancelled", delivery: "failed" }]);
      expect(whatsappOf(quote.id)[0]!.deliveryError).toMatch(/^WhatsApp is not set up/);
      expect(history(quote.id).at(-1)).toMatch(
        /^WhatsApp message \(reply\) to \+923001234567 not sent: WhatsApp is not set up/,
      );
    } finally {
      store.close();
    }
  });
});
