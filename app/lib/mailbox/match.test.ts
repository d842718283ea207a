import { describe, expect, it } from "vitest";
import { matchRequest as match, type RequestOfMessage } from "./match";

// The Message-IDs of mail the office sent about each request, as the messaging module knows them.
const sent = new Map([
  ["<quote-1@promo.example>", "Q-2026-0001"],
  ["<proof-2@promo.example>", "Q-2026-0002"],
]);
const requestOfMessage = (messageId: string) => sent.get(messageId);
// Each request's own e-mail address, by its reference.
const addresses = new Map([
  ["Q-2026-0001", "Ayesha@Acme.example"],
  ["Q-2026-0002", "buyer2@pharma.example"],
  ["Q-2026-12345", "ayesha@acme.example"],
]);
const addressOf = (reference: string) => addresses.get(reference);
const mail = (fields: {
  subject?: string;
  inReplyTo?: string | null;
  references?: string[];
  text?: string;
  from?: string;
}) => ({
  subject: "",
  inReplyTo: null,
  references: [],
  ...fields,
  from: { name: "", address: fields.from ?? "ayesha@acme.example" },
});
const matchRequest = (input: Parameters<typeof match>[0], lookup: RequestOfMessage = requestOfMessage) =>
  match(input, lookup, addressOf);

describe("matchRequest", () => {
  it("finds the request by the message the mail answers, whatever its subject says", async () => {
    expect(
      await matchRequest(mail({ inReplyTo: "<quote-1@promo.example>", subject: "Re: Q-2026-0009" }), requestOfMessage),
    ).toEqual({ reference: "Q-2026-0001", via: "thread" });
  });

  it("falls back on References, newest first, when In-Reply-To is unknown or missing", async () => {
    const references = ["<quote-1@promo.example>", "<proof-2@promo.example>", "<their-own@acme.example>"];
    expect(await matchRequest(mail({ inReplyTo: "<their-own@acme.example>", references }), requestOfMessage)).toEqual({
      reference: "Q-2026-0002",
      via: "thread",
    });
  });

  it("accepts a lookup that answers asynchronously", async () => {
    const lookup = async (messageId: string) => sent.get(messageId);
    expect(await matchRequest(mail({ references: ["<quote-1@promo.example>"] }), lookup)).toEqual({
      reference: "Q-2026-0001",
      via: "thread",
    });
  });

  it.each([
    ["Re: Q-2026-0001: your quote", "Q-2026-0001"],
    ["RE: Fwd: FW: Q-2026-0001", "Q-2026-0001"],
    ["Fwd: [Q-2026-0001] proof", "Q-2026-0001"],
    ["re: q-2026-0001 please call", "Q-2026-0001"],
    ["جواب: Q-2026-0001 کی قیمت", "Q-2026-0001"],
    ["Q-2026-0001کی تصدیق", "Q-2026-0001"],
    ["Re: Q-2026-12345 large year", "Q-2026-12345"],
    ["Re: Q-2026-0001 and again Q-2026-0001", "Q-2026-0001"],
  ])("finds the request named in the subject %j of a mail from its address", async (subject, reference) => {
    expect(await matchRequest(mail({ subject }), requestOfMessage)).toEqual({ reference, via: "subject" });
  });

  it.each([
    ["a subject naming two requests, left for the office", "Re: Q-2026-0001 and Q-2026-0002"],
    ["a reference glued to a longer word", "Re: XQ-2026-0001 and Q-2026-0001B"],
    ["a reference of the wrong shape", "Re: Q-26-0001, Q-2026-001"],
    ["no reference at all", "Re: your quote"],
  ])("matches nothing for %s", async (_, subject) => {
    expect(await matchRequest(mail({ subject }), requestOfMessage)).toBeNull();
  });

  it("does not count a reference written only in the body", async () => {
    const reply = mail({ subject: "Re: prices", text: "As in Q-2026-0001, please." });
    expect(await matchRequest(reply, requestOfMessage)).toBeNull();
  });

  it("falls back on the subject when the thread is not the office's", async () => {
    const reply = mail({
      inReplyTo: "<elsewhere@acme.example>",
      subject: "Re: Q-2026-0002 proof",
      from: "buyer2@pharma.example",
    });
    expect(await matchRequest(reply, requestOfMessage)).toEqual({ reference: "Q-2026-0002", via: "subject" });
  });

  it("leaves a stranger's mail naming a reference to the office, however the subject is written", async () => {
    for (const subject of ["Q-2026-0002", "Re: Q-2026-0002 bank details changed", "RE: [Q-2026-0002]"]) {
      expect(await matchRequest(mail({ subject, from: "mallory@evil.test" }))).toBeNull();
    }
    // The request's own address, but a reference that names no request.
    expect(await matchRequest(mail({ subject: "Re: Q-2026-0404" }))).toBeNull();
    // A buyer writing about another buyer's request.
    expect(await matchRequest(mail({ subject: "Re: Q-2026-0002" }))).toBeNull();
  });

  it("still matches by the thread a colleague answering from another address", async () => {
    const reply = mail({ inReplyTo: "<proof-2@promo.example>", from: "accounts@pharma.example" });
    expect(await matchRequest(reply)).toEqual({ reference: "Q-2026-0002", via: "thread" });
  });
});
