import { describe, expect, it } from "vitest";
import { businessMsBetween, pakistanTime, waitingFor } from "./time";

const at = (iso: string) => Date.parse(iso);

describe("desk times", () => {
  it("shows times in Pakistan time", () => {
    expect(pakistanTime("2026-11-20T08:05:00.000Z")).toBe("2026-11-20 13:05 PKT");
    expect(pakistanTime("2026-12-31T19:30:00.000Z")).toBe("2027-01-01 00:30 PKT");
  });

  it("counts business hours only (Mon–Fri 11:00–19:00 PKT)", () => {
    // Friday 2026-11-20 18:00 PKT to Monday 2026-11-23 12:00 PKT: 1 h on Friday, 1 h on Monday.
    expect(businessMsBetween(at("2026-11-20T13:00:00Z"), at("2026-11-23T07:00:00Z"))).toBe(2 * 3_600_000);
    // A whole week: 5 × 8 h.
    expect(businessMsBetween(at("2026-11-16T00:00:00Z"), at("2026-11-23T00:00:00Z"))).toBe(40 * 3_600_000);
    expect(businessMsBetween(at("2026-11-21T06:00:00Z"), at("2026-11-22T12:00:00Z"))).toBe(0); // the weekend
  });

  it("says how long a request has waited, amber past 1 business hour and red past 24", () => {
    // Monday 12:00 PKT, 3 h later
    expect(waitingFor("2026-11-23T07:00:00Z", at("2026-11-23T10:00:00Z"))).toEqual({
      label: "waiting 3 h",
      level: "late",
    });
    expect(waitingFor("2026-11-23T07:00:00Z", at("2026-11-23T07:40:00Z"))).toEqual({
      label: "waiting 40 min",
      level: "ok",
    });
    // Sent Friday night, read on Sunday: two days, but no business hour yet.
    expect(waitingFor("2026-11-20T17:00:00Z", at("2026-11-22T17:00:00Z"))).toEqual({
      label: "waiting 2 d",
      level: "ok",
    });
    // Four business days.
    expect(waitingFor("2026-11-16T06:00:00Z", at("2026-11-20T06:00:00Z")).level).toBe("overdue");
  });
});
