import { deskText } from "~/content/desk";
import { dayAhead, deskDay, NEEDED_BY_CLOSE_BUSINESS_DAYS } from "./time";

/**
 * A request's quantity and needed-by date as the desk shows them (the request page and the inbox's
 * rows): "500 pcs", "Mon 14 Dec 2026", and how near the date is when the office must hurry.
 */
export type Wants = {
  quantity: string | null;
  neededBy: {
    day: string;
    /** The inbox row's form, "by Mon 14 Dec". */
    short: string;
    /** "in 6 business days", "today", "date passed": only when the date is close or gone. */
    nearness: string | null;
  } | null;
};

export function wantsOf(quote: { quantity: number | null; neededBy: string | null }, now: number): Wants {
  const text = deskText.wants;
  return {
    quantity: quote.quantity === null ? null : text.pieces(quote.quantity),
    neededBy:
      quote.neededBy === null ? null : { ...dayOf(quote.neededBy, now), nearness: nearnessOf(quote.neededBy, now) },
  };
}

/** The short form names the year only when it is not this one. */
function dayOf(date: string, now: number) {
  const thisYear = new Date(now + 5 * 3_600_000).getUTCFullYear() === Number(date.slice(0, 4));
  return { day: deskDay(date), short: deskText.wants.by(deskDay(date, { year: !thisYear })) };
}

function nearnessOf(date: string, now: number): string | null {
  const ahead = dayAhead(date, now);
  if (ahead.kind === "passed") return deskText.wants.passed;
  if (ahead.kind === "today") return deskText.wants.today;
  return ahead.businessDays <= NEEDED_BY_CLOSE_BUSINESS_DAYS ? deskText.wants.close(ahead.businessDays) : null;
}
