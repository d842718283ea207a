import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../../tests/support/source-files";
import {
  nextStatus,
  quoteStatuses,
  type QuoteStatus,
  type StatusEvent,
  type StatusMove,
  lostReasons,
  lostReasonText,
  statusEventTypes,
  statusHistoryText,
} from "./status";

const approved = { latestProof: "approved" } as const;
const notApproved = { latestProof: "waiting" } as const;
const sentBack = { latestProof: "changes requested" } as const;
const moved = (
  status: QuoteStatus,
  recorded: boolean,
  answers = true,
  reason: string | null = null,
  restartsClock = false,
): StatusMove => ({ ok: true, status, reason, recorded, answers, restartsClock });

describe("automatic moves say whose move it is", () => {
  // Every status × event: [from, after our answer (a reply, a proof, WhatsApp), after the buyer's (an e-mail, changes asked for)].
  const table: [QuoteStatus, QuoteStatus, QuoteStatus][] = [
    ["new", "waiting_on_buyer", "waiting_on_us"],
    ["waiting_on_us", "waiting_on_buyer", "waiting_on_us"],
    ["waiting_on_buyer", "waiting_on_buyer", "waiting_on_us"],
    ["won", "won", "won"],
    ["lost", "lost", "lost"],
  ];
  const ours = ["replied", "proof sent", "whatsapp used", "quotation sent"] as const;
  // The office's move again: the buyer wrote, asked for changes, or let a quotation expire.
  const theirs = ["buyer replied", "changes requested", "quotation changes asked", "quotation expired"] as const;

  it("covers every status and every event", () => {
    expect(table.map(([from]) => from)).toEqual([...quoteStatuses]);
    expect([...ours, ...theirs, "quotation accepted", "staff chose"].sort()).toEqual([...statusEventTypes].sort());
  });

  it("wins a request when the buyer accepts a quotation, even one given up as Lost", () => {
    for (const from of ["new", "waiting_on_us", "waiting_on_buyer", "lost"] as const)
      expect(nextStatus(from, { type: "quotation accepted" })).toEqual(moved("won", true));
    expect(nextStatus("won", { type: "quotation accepted" })).toEqual(moved("won", false));
  });

  it.each(table)(
    "%s: our answer leaves it %s, the buyer's %s, recorded only when it moves",
    (from, afterOurs, afterTheirs) => {
      for (const facts of [approved, notApproved, {}]) {
        for (const type of ours)
          expect(nextStatus(from, { type }, facts)).toEqual(moved(afterOurs, afterOurs !== from));
        // The buyer writing back starts the office's clock again, unless the request is over.
        const open = from !== "won" && from !== "lost";
        for (const type of theirs)
          expect(nextStatus(from, { type }, facts)).toEqual(
            moved(afterTheirs, afterTheirs !== from, false, null, open),
          );
      }
    },
  );

  it("never sets Won or Lost, and keeps a Lost request's reason (a null reason changes nothing)", () => {
    for (const from of quoteStatuses) {
      for (const type of [...ours, ...theirs]) {
        const move = nextStatus(from, { type }, approved);
        expect(move.ok && move.reason).toBeNull();
        if (from !== "won" && from !== "lost") expect(move.ok && move.status).not.toMatch(/^(won|lost)$/);
      }
    }
  });
});

describe("a staff member's choice", () => {
  const choose = (status: QuoteStatus, reason = ""): StatusEvent => ({ type: "staff chose", status, reason });

  it.each(quoteStatuses)("from %s: any status but Won is set and recorded, backwards too", (from) => {
    expect(nextStatus(from, choose("new"), notApproved)).toEqual(moved("new", true, false, ""));
    expect(nextStatus(from, choose("waiting_on_us"), notApproved)).toEqual(moved("waiting_on_us", true, true, ""));
    expect(nextStatus(from, choose("waiting_on_buyer"), notApproved)).toEqual(
      moved("waiting_on_buyer", true, true, ""),
    );
    expect(nextStatus(from, choose("lost", "  Price  "), notApproved)).toEqual(moved("lost", true, true, "Price"));
  });

  it.each(quoteStatuses)("from %s: Won once a proof sent is approved, or when none was sent", (from) => {
    expect(nextStatus(from, choose("won"), approved)).toEqual(moved("won", true, true, ""));
    expect(nextStatus(from, choose("won"), notApproved)).toEqual({ ok: false, refused: "won needs an approved proof" });
    expect(nextStatus(from, choose("won"), sentBack)).toEqual({ ok: false, refused: "won needs an approved proof" });
    expect(nextStatus(from, choose("won"), {})).toEqual(moved("won", true, true, ""));
  });

  it.each(quoteStatuses)("from %s: Lost only with a reason of the list, kept with Lost only", (from) => {
    for (const reason of ["", "   ", "Too dear", "Pricey: 20% more", "price"]) {
      expect(nextStatus(from, choose("lost", reason), approved)).toEqual({ ok: false, refused: "lost needs a reason" });
    }
    for (const choice of lostReasons)
      expect(nextStatus(from, choose("lost", choice), approved)).toEqual(moved("lost", true, true, choice));
    const detailed = lostReasonText("Chose another supplier", "  Karachi firm, 10% less ");
    expect(detailed).toBe("Chose another supplier: Karachi firm, 10% less");
    expect(nextStatus(from, choose("lost", detailed), approved)).toEqual(moved("lost", true, true, detailed));
    expect(nextStatus(from, choose("waiting_on_buyer", "Price"), approved)).toEqual(
      moved("waiting_on_buyer", true, true, ""),
    );
  });
});

describe("the history's line", () => {
  it("says the status as the desk writes it, and an earlier one in its own words", () => {
    expect(statusHistoryText("waiting_on_us")).toBe("Status: Waiting on us");
    expect(statusHistoryText("waiting_on_buyer")).toBe("Status: Waiting on buyer");
    expect(statusHistoryText("quoted")).toBe("Status: Quoted");
    expect(statusHistoryText("replied")).toBe("Status: Replied");
    expect(statusHistoryText("lost", "Chose a cheaper supplier")).toBe("Status: Lost (Chose a cheaper supplier)");
  });
});

describe("nothing but the store writes a status", () => {
  const appDir = join(import.meta.dirname, "../..");
  // An UPDATE of quotes that sets status (not notify_status) before its WHERE or the statement's end.
  const writesStatus = /UPDATE\s+quotes\s+SET\s(?:(?!\bWHERE\b)[^;`])*?(?<![\w.])status\s*=/gi;

  it("finds the status written in app/lib/quotes/store.server.ts, once, and in no other module", () => {
    const writers = sourceFiles(appDir).flatMap((path) =>
      [...readFileSync(path, "utf8").matchAll(writesStatus)].map(() => relative(appDir, path)),
    );
    expect(writers).toEqual(["lib/quotes/store.server.ts"]);
  });

  it("would see a module that writes it (the check can fail)", () => {
    const proofsBefore = "UPDATE quotes SET status = CASE WHEN status IN ('new', 'replied') THEN 'quoted' END";
    expect(proofsBefore.match(writesStatus)).toHaveLength(1);
    expect("UPDATE quotes\n  SET answered_at = 1, status = 'won'".match(writesStatus)).toHaveLength(1);
    expect("UPDATE quotes SET reference = 'Q-1', status = 'won'".match(writesStatus)).toHaveLength(1);
    expect("UPDATE quotes SET notify_status = 'sent' WHERE id = ? AND status = 'new'".match(writesStatus)).toBeNull();
  });
});
