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
  statusEventTypes,
  statusHistoryText,
} from "./status";

const approved = { latestProof: "approved" } as const;
const notApproved = { latestProof: "waiting" } as const;
const sentBack = { latestProof: "changes requested" } as const;
const moved = (status: QuoteStatus, recorded: boolean, answers = true, reason: string | null = null): StatusMove => ({
  ok: true,
  status,
  reason,
  recorded,
  answers,
});

describe("automatic moves (a reply, a proof) go forward only", () => {
  // Every status × event: [from, after a reply, after a proof].
  const table: [QuoteStatus, QuoteStatus, QuoteStatus][] = [
    ["new", "replied", "quoted"],
    ["replied", "replied", "quoted"],
    ["quoted", "quoted", "quoted"],
    ["won", "won", "won"],
    ["lost", "lost", "lost"],
  ];

  it("covers every status", () => {
    expect(table.map(([from]) => from)).toEqual([...quoteStatuses]);
    expect(statusEventTypes).toEqual(["replied", "proof sent", "staff chose"]);
  });

  it.each(table)(
    "%s: a reply leaves it %s, a proof %s, recorded only when it moves",
    (from, afterReply, afterProof) => {
      for (const facts of [approved, notApproved, {}]) {
        expect(nextStatus(from, { type: "replied" }, facts)).toEqual(moved(afterReply, afterReply !== from));
        expect(nextStatus(from, { type: "proof sent" }, facts)).toEqual(moved(afterProof, afterProof !== from));
      }
    },
  );

  it("never sets Won or Lost, and keeps a Lost request's reason (a null reason changes nothing)", () => {
    for (const from of quoteStatuses) {
      for (const type of ["replied", "proof sent"] as const) {
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
    expect(nextStatus(from, choose("replied"), notApproved)).toEqual(moved("replied", true, true, ""));
    expect(nextStatus(from, choose("quoted"), notApproved)).toEqual(moved("quoted", true, true, ""));
    expect(nextStatus(from, choose("lost", "  Price  "), notApproved)).toEqual(moved("lost", true, true, "Price"));
  });

  it.each(quoteStatuses)("from %s: Won once a proof sent is approved, or when none was sent", (from) => {
    expect(nextStatus(from, choose("won"), approved)).toEqual(moved("won", true, true, ""));
    expect(nextStatus(from, choose("won"), notApproved)).toEqual({ ok: false, refused: "won needs an approved proof" });
    expect(nextStatus(from, choose("won"), sentBack)).toEqual({ ok: false, refused: "won needs an approved proof" });
    expect(nextStatus(from, choose("won"), {})).toEqual(moved("won", true, true, ""));
  });

  it.each(quoteStatuses)("from %s: Lost only with a reason, and a reason is kept with Lost only", (from) => {
    for (const reason of ["", "   "]) {
      expect(nextStatus(from, choose("lost", reason), approved)).toEqual({ ok: false, refused: "lost needs a reason" });
    }
    expect(nextStatus(from, choose("quoted", "Price"), approved)).toEqual(moved("quoted", true, true, ""));
  });
});

describe("the history's line", () => {
  it("says the status as the desk always wrote it", () => {
    expect(statusHistoryText("quoted")).toBe("Status: Quoted");
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
