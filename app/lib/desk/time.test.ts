import { describe, expect, it } from "vitest";
import { publicHolidays } from "~/content/holidays";
import {
  longDate,
  addBusinessDays,
  addBusinessMs,
  businessMsBetween,
  dayAhead,
  deskDay,
  dayAndTime,
  isBusinessDay,
  longDeadline,
  pakistanTime,
  replyBy,
  shortDeadline,
  waitingFor,
} from "./time";

const at = (iso: string) => Date.parse(iso);

describe("desk times", () => {
  it("say when something happened as the histories do, in Pakistan time", () => {
    expect(dayAndTime("2026-11-24T10:02:00.000Z")).toBe("Tue 24 Nov 15:02");
    expect(dayAndTime("2026-12-31T20:30:00.000Z")).toBe("Fri 1 Jan 01:30");
  });

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
      label: "waiting 3 business h",
      level: "late",
    });
    expect(waitingFor("2026-11-23T07:00:00Z", at("2026-11-23T07:40:00Z"))).toEqual({
      label: "waiting 40 business min",
      level: "ok",
    });
    // Sent Friday night, read on Sunday: two days, but no business minute yet.
    expect(waitingFor("2026-11-20T17:00:00Z", at("2026-11-22T17:00:00Z"))).toEqual({
      label: "waiting 0 business min",
      level: "ok",
    });
    // Overdue at the reply-by time itself (Monday 12:00 to Thursday 12:00), as the Overdue view counts it.
    expect(waitingFor("2026-11-23T07:00:00Z", at("2026-11-26T07:00:00Z"))).toEqual({
      label: "waiting 24 business h",
      level: "overdue",
    });
    expect(waitingFor("2026-11-23T07:00:00Z", at("2026-11-26T06:59:00Z")).level).toBe("late");
    // Four business days (from 11:00 on Monday to 11:00 on Friday), in the unit of the colour.
    expect(waitingFor("2026-11-16T06:00:00Z", at("2026-11-20T06:00:00Z"))).toEqual({
      label: "waiting 32 business h",
      level: "overdue",
    });
  });

  it("skips public holidays: Iqbal Day 2026 (a Monday) has no business hours", () => {
    expect(isBusinessDay("2026-11-09")).toBe(false);
    expect(isBusinessDay("2026-11-10")).toBe(true);
    expect(isBusinessDay("2026-11-14")).toBe(false); // a Saturday
    expect(businessMsBetween(at("2026-11-08T19:00:00Z"), at("2026-11-09T19:00:00Z"))).toBe(0);
    for (const { date } of publicHolidays) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("puts the reply-by time 24 business hours after the request: three office days", () => {
    // Monday 2026-11-23 12:00 PKT → Thursday 12:00 PKT.
    expect(pakistanTime(new Date(replyBy("2026-11-23T07:00:00.000Z")).toISOString())).toBe("2026-11-26 12:00 PKT");
    // Friday 18:00 PKT: 1 h on Friday, then Monday, Tuesday, and 7 h of Wednesday → Wednesday 18:00.
    const friday = "2026-11-20T13:00:00.000Z";
    expect(shortDeadline(replyBy(friday), at(friday))).toBe("Wed 18:00");
    // Saturday night: the clock starts on Monday at opening and ends on Wednesday at closing.
    const saturday = "2026-11-21T18:00:00.000Z";
    expect(longDeadline(replyBy(saturday), at(saturday))).toBe("Wednesday 19:00 PKT");
    // Sunday 2026-11-08, before Iqbal Day: Tuesday, Wednesday, Thursday.
    const sunday = "2026-11-08T10:00:00.000Z";
    expect(shortDeadline(replyBy(sunday), at(sunday))).toBe("Thu 19:00");
    // Friday 17:00 before Eid ul-Adha 2027 (Monday to Wednesday off): ten days away, so with its date.
    const beforeEid = "2027-05-14T12:00:00.000Z";
    expect(longDeadline(replyBy(beforeEid), at(beforeEid))).toBe("Monday 24 May 17:00 PKT");
    // Past: within the week by its weekday; two weeks overdue, with its date.
    expect(shortDeadline(replyBy(friday), at("2026-11-26T10:00:00Z"))).toBe("Wed 18:00");
    expect(shortDeadline(replyBy(friday), at("2026-12-08T10:00:00Z"))).toBe("Wed 25 Nov 18:00");
  });

  it("adds business hours and days the way it counts them", () => {
    const from = at("2026-11-23T07:00:00Z");
    for (const hours of [0.5, 7, 8, 9, 41]) {
      const until = addBusinessMs(from, hours * 3_600_000);
      expect(businessMsBetween(from, until)).toBe(hours * 3_600_000);
    }
    // 10 business days after Friday 2026-12-18: the 25th (Quaid-e-Azam Day) is skipped.
    expect(addBusinessDays(at("2026-12-18T07:00:00Z"), 10)).toBe("2027-01-04");
    expect(addBusinessDays(at("2026-11-23T07:00:00Z"), 0)).toBe("2026-11-23");
  });

  it("writes a buyer's needed-by day as the desk reads it", () => {
    expect(deskDay("2026-12-14")).toBe("Mon 14 Dec 2026");
    expect(deskDay("2027-01-01", { year: false })).toBe("Fri 1 Jan");
  });

  it("counts the business days to a needed-by day from today in Pakistan, weekends and holidays left out", () => {
    const thursdayMorning = at("2026-11-26T05:00:00Z"); // Thu 26 Nov 10:00 PKT
    expect(dayAhead("2026-11-25", thursdayMorning)).toEqual({ kind: "passed" });
    expect(dayAhead("2026-11-26", thursdayMorning)).toEqual({ kind: "today" });
    expect(dayAhead("2026-11-27", thursdayMorning)).toEqual({ kind: "ahead", businessDays: 1 });
    expect(dayAhead("2026-12-07", thursdayMorning)).toEqual({ kind: "ahead", businessDays: 7 });
    // From Friday, the weekend right ahead has no business day.
    expect(dayAhead("2026-11-29", at("2026-11-27T05:00:00Z"))).toEqual({ kind: "ahead", businessDays: 0 });
    // Christmas Eve 2026: the 25th is Quaid-e-Azam Day, then the weekend.
    expect(dayAhead("2026-12-28", at("2026-12-24T05:00:00Z"))).toEqual({ kind: "ahead", businessDays: 1 });
    // 23:30 UTC on the 25th is already the 26th in Lahore.
    expect(dayAhead("2026-11-25", at("2026-11-25T23:30:00Z"))).toEqual({ kind: "passed" });
  });
});

describe("long dates", () => {
  it("are written as documents write them, without a comma after the weekday", () => {
    expect(longDate("2026-12-10")).toBe("Thursday 10 December 2026");
  });
});
