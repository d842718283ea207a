import { describe, expect, it } from "vitest";
import { couriers, trackingUrl } from "~/content/couriers";
import { deskStageLabel } from "~/content/order-stages";
import { isLate, nextStage, orderStages, promisedDate, stageMoveRefusal, boardDate } from "./stages";

describe("an order's stages", () => {
  it("go one at a time, in order, and none after Delivered", () => {
    expect(orderStages).toEqual(["awaiting_artwork", "in_production", "quality_checked", "dispatched", "delivered"]);
    expect(stageMoveRefusal("awaiting_artwork", "in_production", null)).toBeNull();
    expect(stageMoveRefusal("in_production", "quality_checked", null)).toBeNull();
    expect(stageMoveRefusal("quality_checked", "dispatched", null)).toBeNull();
    expect(stageMoveRefusal("dispatched", "delivered", null)).toBeNull();
    expect(nextStage("delivered")).toBeNull();
    expect(stageMoveRefusal("delivered", "delivered", null)).toBe("delivered");
  });

  it("cannot be skipped, nor repeated", () => {
    expect(stageMoveRefusal("awaiting_artwork", "quality_checked", null)).toBe("skipped");
    expect(stageMoveRefusal("in_production", "dispatched", null)).toBe("skipped");
    expect(stageMoveRefusal("quality_checked", "delivered", null)).toBe("skipped");
    expect(stageMoveRefusal("in_production", "in_production", null)).toBe("skipped");
  });

  it("start production only when nothing stands in its way: an approved proof, the advance if asked for", () => {
    expect(stageMoveRefusal("awaiting_artwork", "in_production", "no_approved_proof")).toBe("no_approved_proof");
    expect(stageMoveRefusal("awaiting_artwork", "in_production", "advance_unpaid")).toBe("advance_unpaid");
    // What stops production does not stop the stages after it.
    expect(stageMoveRefusal("in_production", "quality_checked", "advance_unpaid")).toBeNull();
  });
});

describe("the promised date", () => {
  it("counts the lead time in business days from the later of acceptance and approval, over weekends", () => {
    // Accepted Thursday 26 Nov, proof approved the same week on Friday 27 Nov: 5 business days → Friday 4 Dec.
    expect(promisedDate("2026-11-26T07:00:00Z", "2026-11-27T07:00:00Z", 5)).toBe("2026-12-04");
    // Approved before the acceptance: counted from the acceptance (Thursday) → Thursday 3 Dec.
    expect(promisedDate("2026-11-26T07:00:00Z", "2026-11-20T07:00:00Z", 5)).toBe("2026-12-03");
  });

  it("skips public holidays (Quaid-e-Azam Day, 25 December)", () => {
    // From Monday 21 Dec, 5 business days: 22, 23, 24, (25 holiday), 28, 29.
    expect(promisedDate("2026-12-21T07:00:00Z", "2026-12-21T06:00:00Z", 5)).toBe("2026-12-29");
  });

  it("uses the Pakistan date: an approval late on Friday evening UTC is already Saturday in Lahore", () => {
    // Friday 27 Nov 20:00 UTC = Saturday 01:00 PKT: one business day later is Monday 30 Nov.
    expect(promisedDate("2026-11-26T07:00:00Z", "2026-11-27T20:00:00Z", 1)).toBe("2026-11-30");
  });

  it("is not set until a proof is approved", () => {
    expect(promisedDate("2026-11-26T07:00:00Z", null, 5)).toBeNull();
  });
});

describe("a late order", () => {
  const order = { stage: "in_production" as const, promisedDate: "2026-12-04", plannedDispatchDate: null };
  const pkt = (iso: string) => Date.parse(iso);

  it("is one still not dispatched once today in Pakistan is past its promised date", () => {
    expect(isLate(order, pkt("2026-12-04T18:59:00Z"))).toBe(false); // 23:59 PKT on the day
    expect(isLate(order, pkt("2026-12-04T19:00:00Z"))).toBe(true); // midnight PKT
    expect(isLate({ ...order, stage: "dispatched" }, pkt("2026-12-10T07:00:00Z"))).toBe(false);
    expect(isLate({ ...order, stage: "delivered" }, pkt("2026-12-10T07:00:00Z"))).toBe(false);
  });

  it("is also one past its planned dispatch date, and stays late when the plan moves past the promise", () => {
    expect(isLate({ ...order, plannedDispatchDate: "2026-12-02" }, pkt("2026-12-03T07:00:00Z"))).toBe(true);
    expect(isLate({ ...order, plannedDispatchDate: "2026-12-09" }, pkt("2026-12-07T07:00:00Z"))).toBe(true);
    expect(isLate({ ...order, promisedDate: null }, pkt("2027-01-07T07:00:00Z"))).toBe(false);
  });
});

describe("courier tracking links", () => {
  it("lead to each courier's public tracking page with the number encoded; own delivery has none", () => {
    expect(trackingUrl("tcs", "772001234567")).toBe("https://www.tcsexpress.com/track/772001234567");
    expect(trackingUrl("leopards", "LE 123/4")).toBe("https://www.leopardscourier.com/tracking?cn=LE123%2F4");
    expect(trackingUrl("own", "anything")).toBeNull();
    expect(trackingUrl("tcs", "  ")).toBeNull();
    expect(trackingUrl("dhl", "123")).toBeNull();
  });

  it("look the number up as the courier prints it: no spaces, dashes or courier name typed with it", () => {
    expect(trackingUrl("tcs", "TCS 1234 5678 90")).toBe("https://www.tcsexpress.com/track/1234567890");
    expect(trackingUrl("tcs", " tcs# 7720-0123-4567 ")).toBe("https://www.tcsexpress.com/track/772001234567");
    expect(trackingUrl("leopards", "KI 7512 3456 78")).toBe("https://www.leopardscourier.com/tracking?cn=KI7512345678");
    expect(trackingUrl("mnp", "M&P 1234–5678")).toBe("https://www.mulphilog.com/tracking/12345678");
    expect(trackingUrl("trax", "\u00a0202 601 234 567\u00a0")).toBe(
      "https://trax.pk/tracking/?tracking_number=202601234567",
    );
    expect(trackingUrl("tcs", "TCS")).toBe("https://www.tcsexpress.com/track/TCS");
    expect(trackingUrl("tcs", " - ")).toBeNull();
  });

  it("are the six couriers the desk offers, each with an https page or none", () => {
    expect(couriers.map((courier) => courier.name)).toEqual([
      "TCS",
      "Leopards",
      "M&P",
      "Trax",
      "PostEx",
      "Own delivery",
    ]);
    for (const courier of couriers) if (courier.tracking) expect(courier.tracking).toMatch(/^https:\/\/.+\{cn\}/);
  });
});

describe("the date the board shows for an order", () => {
  const order = {
    promisedDate: "2026-12-10",
    plannedDispatchDate: null,
    dispatchedAt: null,
    receivedDate: null,
  } as const;

  it("names what each date is: promised, planned, dispatched, delivered", () => {
    expect(boardDate({ ...order, stage: "awaiting_artwork", promisedDate: null })).toBeNull();
    expect(boardDate({ ...order, stage: "awaiting_artwork" })).toEqual({ kind: "promised", date: "2026-12-10" });
    expect(boardDate({ ...order, stage: "in_production", plannedDispatchDate: "2026-12-08" })).toEqual({
      kind: "planned",
      date: "2026-12-08",
    });
    // Dispatched at 20:30 UTC on 7 December: the 8th in Pakistan.
    expect(boardDate({ ...order, stage: "dispatched", dispatchedAt: "2026-12-07T20:30:00.000Z" })).toEqual({
      kind: "dispatched",
      date: "2026-12-08",
    });
  });

  it("shows no promised dispatch date once delivered, only the day it was received", () => {
    const delivered = {
      ...order,
      stage: "delivered",
      plannedDispatchDate: "2026-12-08",
      dispatchedAt: "2026-12-07T20:30:00.000Z",
      receivedDate: "2026-12-11",
    } as const;
    expect(boardDate(delivered)).toEqual({ kind: "delivered", date: "2026-12-11" });
  });
});

describe("the desk's name for an order's stage", () => {
  it("says what an order with approved artwork waits for, and names every other stage as it is", () => {
    const none = { approved: false, advanceUnpaid: true };
    expect(deskStageLabel("awaiting_artwork", none)).toBe("Awaiting artwork approval");
    expect(deskStageLabel("awaiting_artwork", { approved: true, advanceUnpaid: true })).toBe(
      "Artwork approved — waiting for the advance",
    );
    expect(deskStageLabel("awaiting_artwork", { approved: true, advanceUnpaid: false })).toBe(
      "Artwork approved — production can start",
    );
    expect(deskStageLabel("in_production", { approved: true, advanceUnpaid: true })).toBe("In production");
  });
});
