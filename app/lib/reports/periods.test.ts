import { describe, expect, it } from "vitest";
import { median, mondayOf, pakistanMonth, pakistanWeek, readRange, reportPeriod } from "./periods";

describe("Pakistan weeks and months", () => {
  it("start a week on Monday in Pakistan, which can still be Sunday in UTC", () => {
    expect(pakistanWeek(Date.parse("2026-11-01T19:30:00Z"))).toBe("2026-11-02"); // Mon 00:30 PKT
    expect(pakistanWeek(Date.parse("2026-11-01T18:59:59Z"))).toBe("2026-10-26"); // Sun 23:59 PKT
    expect(mondayOf("2026-11-29")).toBe("2026-11-23"); // a Sunday belongs to the week before
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
  });

  it("start a month on the 1st in Pakistan", () => {
    expect(pakistanMonth(Date.parse("2026-10-31T19:00:00Z"))).toBe("2026-11");
    expect(pakistanMonth(Date.parse("2026-10-31T18:59:59Z"))).toBe("2026-10");
  });

  it("cut the last weeks, this one included, from a Pakistan Monday's midnight, and the months they touch", () => {
    const period = reportPeriod(4, Date.parse("2026-11-26T07:00:00Z"));
    expect(period.weeks).toEqual(["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
    expect(period.from).toBe("2026-11-01T19:00:00.000Z");
    expect(period.months).toEqual(["2026-11"]);
    expect(period.monthsFrom).toBe("2026-10-31T19:00:00.000Z");
    const year = reportPeriod(52, Date.parse("2026-01-05T07:00:00Z"));
    expect(year.weeks[0]).toBe("2025-01-13"); // 51 weeks before Monday 5 January
    expect(year.months.at(0)).toBe("2025-01");
    expect(year.months.at(-1)).toBe("2026-01");
    expect(year.months).toHaveLength(13);
  });

  it("take only the offered ranges from the address, 12 weeks otherwise", () => {
    expect(readRange("26")).toBe(26);
    expect(readRange("13")).toBe(12);
    expect(readRange(null)).toBe(12);
    expect(readRange("52abc")).toBe(12);
  });
});

describe("median", () => {
  it("is the middle value, the mean of the middle two for an even count, and nothing for none", () => {
    expect(median([5, 32, 18])).toBe(18);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
