import { describe, expect, it } from "vitest";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { Messaging } from "~/lib/messaging/messaging.server";
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
    const first = desk.mintLinkForMessage(quote.id, message);
    expect(desk.open(first)?.id).toBe(quote.id);
    desk.attemptFailed(message);
    expect(desk.open(first)).toBeUndefined();
    const second = desk.mintLinkForMessage(quote.id, message);
    expect(second).not.toBe(first);
    expect(desk.open(second)?.id).toBe(quote.id);
    expect(desk.open(second)?.id).not.toBe(other.id);
    expect(desk.links(quote.id)).toEqual([expect.objectContaining({ version: null, endedAt: null })]);
  });

  it("ends alone: a proof's mail still waiting keeps its link and its reminder", () => {
    const { store, desk, quote, mail } = setUp();
    desk.send(
      store.get(quote.id)!,
      { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]), mediaType: "image/png" },
      "Blue logo",
      bilal,
      (version) => proofEmail(quote, version, "Blue logo"),
    );
    const token = desk.mintLinkForMessage(quote.id, mail(quote.id));
    const [link] = desk.links(quote.id);
    expect(desk.endLink(quote.id, link!.id, bilal)).toBe(true);
    expect(desk.open(token)).toBeUndefined();
    expect(desk.mails(quote.id).filter((proofMail) => proofMail.kind === "proof")).toEqual([
      expect.objectContaining({ status: "pending" }),
    ]);
    expect(desk.latest(quote.id)?.linksEndedAt).toBeNull();
  });
});
