import { describe, expect, it } from "vitest";
import { buyerStatus, type BuyerStatusFacts, reviewingStatus } from "./buyer-status";

const none: BuyerStatusFacts = { quotation: null, proof: null, order: null, payment: null };
const sent = { version: 1, state: "sent", changesAsked: false } as const;
const accepted = { version: 1, state: "accepted", changesAsked: false } as const;
const order = (stage: NonNullable<BuyerStatusFacts["order"]>["stage"]) => ({ reference: "O-2026-0001", stage });
const owing = { advanceDue: "PKR 64,605", due: "PKR 129,210" };
const paidUp = { advanceDue: null, due: null };

const status = (facts: Partial<BuyerStatusFacts>) => buyerStatus({ ...none, ...facts });

describe("the buyer's status", () => {
  it("asks to review and accept a quotation sent, and says a proof waits too", () => {
    expect(status({ quotation: sent })).toEqual({
      needed: true,
      headline: "Please review and accept the quotation",
      detail: "Choose your quantities in quotation v1, check the total and accept it, or ask us for changes.",
    });
    expect(status({ quotation: sent, proof: { version: 2, status: "waiting" } }).detail).toContain(
      "Proof v2 is also waiting for your approval below.",
    );
  });

  it("says one step is left while the buyer reviews, not to review again", () => {
    expect(reviewingStatus(2)).toMatchObject({ needed: true, headline: "One step left: check and accept" });
    expect(reviewingStatus(2).detail).toContain("quotation v2");
  });

  it("asks to approve the latest proof before any quotation", () => {
    expect(status({ proof: { version: 2, status: "waiting" } })).toMatchObject({
      needed: true,
      headline: "Please approve proof v2",
    });
  });

  it("needs nothing while changes asked for are made, of a quotation or a proof", () => {
    for (const facts of [
      { quotation: { ...sent, changesAsked: true } },
      { proof: { version: 1, status: "changes requested" as const } },
    ])
      expect(status(facts)).toMatchObject({
        needed: false,
        headline: "Nothing needed from you: we are making your changes",
      });
  });

  it("says an expired quotation needs a new one, and an approved proof waits for its quotation", () => {
    expect(status({ quotation: { ...sent, state: "expired" } })).toMatchObject({
      needed: true,
      headline: "The quotation has expired",
    });
    expect(status({ proof: { version: 1, status: "approved" } })).toMatchObject({
      needed: false,
      headline: "Nothing needed from you: your quotation is on its way",
    });
  });

  it("after acceptance asks for the proof's approval first, naming the advance", () => {
    expect(
      status({
        quotation: accepted,
        proof: { version: 2, status: "waiting" },
        order: order("awaiting_artwork"),
        payment: owing,
      }),
    ).toEqual({
      needed: true,
      headline: "Please approve proof v2",
      detail:
        "Your order O-2026-0001 is made. Production starts once the artwork is approved and the advance of PKR 64,605 is paid.",
    });
  });

  it("with the artwork approved waits for the advance, not for the artwork", () => {
    const facts = { quotation: accepted, proof: { version: 2, status: "approved" as const } };
    expect(status({ ...facts, order: order("awaiting_artwork"), payment: owing })).toMatchObject({
      needed: true,
      headline: "Artwork approved — waiting for your advance of PKR 64,605",
    });
    expect(
      status({ ...facts, order: order("awaiting_artwork"), payment: { advanceDue: null, due: "PKR 64,605" } }),
    ).toMatchObject({ needed: false, headline: "Nothing needed from you: artwork approved" });
  });

  it("with no proof yet needs nothing but may pay the advance meanwhile", () => {
    expect(status({ quotation: accepted, order: order("awaiting_artwork"), payment: owing })).toEqual({
      needed: false,
      headline: "Nothing needed from you: we are preparing your artwork proof",
      detail:
        "You will get an e-mail with the proof of order O-2026-0001 to approve. Meanwhile you can pay the advance of PKR 64,605.",
    });
  });

  it("needs nothing in production, after the quality check and on the way", () => {
    const approved = { version: 1, status: "approved" as const };
    expect(status({ proof: approved, order: order("in_production"), payment: owing }).headline).toBe(
      "Nothing needed: in production",
    );
    expect(status({ proof: approved, order: order("quality_checked") }).headline).toBe(
      "Nothing needed: quality check passed",
    );
    expect(status({ proof: approved, order: order("dispatched") }).headline).toBe("Nothing needed: on its way to you");
  });

  it("once delivered asks for a balance still due, else thanks", () => {
    const approved = { version: 1, status: "approved" as const };
    expect(
      status({ proof: approved, order: order("delivered"), payment: { advanceDue: null, due: "PKR 64,605" } }),
    ).toMatchObject({ needed: true, headline: "Delivered — balance of PKR 64,605 due" });
    expect(status({ proof: approved, order: order("delivered"), payment: paidUp })).toMatchObject({
      needed: false,
      headline: "Delivered — thank you",
    });
  });
});
