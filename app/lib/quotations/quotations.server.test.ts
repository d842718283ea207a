import { describe, expect, it } from "vitest";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { tempDir } from "../../../tests/support/temp-dir";
import { QuoteStore } from "~/lib/quotes/store.server";
import { defaultTerms, type QuotationDraft, Quotations, quotationState } from "./quotations.server";
import { firstChoices, quotationTotals } from "./totals";

// Drafts, sent versions and their fingerprints, on a real SQLite store.

const now = new Date("2026-11-26T07:00:00Z"); // Thursday 12:00 PKT

function setup() {
  const store = QuoteStore.open(tempDir("quotations"));
  const quote = store.insert(buyerFields, submissionMeta("k1"), { notify: false, now }).quote;
  return { store, quote, quotations: new Quotations(store) };
}

const draft = (unitPaisa = 9_500): QuotationDraft => ({
  ...defaultTerms(now),
  lines: [
    {
      itemId: "onset-pen",
      description: "Onset pen",
      decoration: "Screen print, 1 colour",
      setupPaisa: 250_000,
      options: [
        { quantity: 250, unitPaisa },
        { quantity: 500, unitPaisa: 8_900 },
      ],
    },
  ],
});

describe("quotations", () => {
  it("start with the terms set in one place: 18 % tax, valid 14 days, 50 % advance", () => {
    expect(defaultTerms(now)).toMatchObject({
      validUntil: "2026-12-10",
      taxRateBp: 1_800,
      paymentTerms: "50 % advance, balance on delivery",
      leadTime: "10 business days after artwork approval",
    });
  });

  it("are drafted, then sent as v1 with a fingerprint, and the request waits on the buyer", () => {
    const { store, quote, quotations } = setup();
    quotations.saveDraft(quote.id, draft(), null, now);
    quotations.saveDraft(quote.id, draft(9_000), null, now); // edited: still one draft
    expect(quotations.draft(quote.id)?.lines[0]?.options.map((option) => option.unitPaisa)).toEqual([9_000, 8_900]);

    const v1 = quotations.send(quote, bilal, now)!;
    expect(v1.version).toBe(1);
    expect(v1.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(quotations.draft(quote.id)).toBeNull();
    expect(quotations.isIntact(quote, v1)).toBe(true);
    expect(store.get(quote.id)?.status).toBe("waiting_on_buyer");
    const history = store.audit.requestHistory(quote.id).map((line) => line.body);
    const total = quotationTotals(v1, firstChoices(v1)).totalPaisa; // (250 × 90 + 2,500) × 1.18
    expect(total).toBe(2_950_000);
    expect(v1.quotedTotalPaisa).toBe(total);
    expect(history).toContain(`Quotation v1 sent (PKR 29,500, SHA-256 ${v1.sha256})`);
  });

  it("keep a sent version final: a change is the next version, and the earlier one is replaced", () => {
    const { store, quote, quotations } = setup();
    quotations.saveDraft(quote.id, draft(), null, now);
    const v1 = quotations.send(quote, bilal, now)!;
    expect(() => store.db.prepare("UPDATE quotation_options SET unit_paisa = 1").run()).toThrow(/final/);
    expect(() => store.db.prepare("UPDATE quotations SET delivery_paisa = 1 WHERE id = ?").run(v1.id)).toThrow(/final/);
    expect(() => store.db.prepare("UPDATE quotations SET quoted_total_paisa = 1 WHERE id = ?").run(v1.id)).toThrow(
      /final/,
    );
    expect(() =>
      store.db
        .prepare("INSERT INTO quotation_lines (quotation_id, position, description) VALUES (?, 9, 'x')")
        .run(v1.id),
    ).toThrow(/final/);

    quotations.saveDraft(quote.id, draft(8_000), null, now);
    const v2 = quotations.send(quote, bilal, now)!;
    expect(v2.version).toBe(2);
    expect(v2.sha256).not.toBe(v1.sha256);
    const latest = quotations.latest(quote.id)!.version;
    expect(quotationState(quotations.version(quote.id, 1)!, latest, now.getTime())).toBe("replaced");
    expect(quotationState(v2, latest, now.getTime())).toBe("sent");
    expect(quotationState(v2, latest, Date.parse("2026-12-10T19:00:00Z"))).toBe("expired"); // midnight PKT
    expect(quotationState(v2, latest, Date.parse("2026-12-10T18:59:59Z"))).toBe("sent"); // 23:59:59 PKT, the last day
  });

  it("are not sent without a line, and a changed row no longer matches its fingerprint", () => {
    const { store, quote, quotations } = setup();
    expect(quotations.send(quote, bilal, now)).toBeNull();
    quotations.saveDraft(quote.id, { ...draft(), lines: [] }, null, now);
    expect(quotations.send(quote, bilal, now)).toBeNull();
    quotations.saveDraft(quote.id, draft(), null, now);
    const v1 = quotations.send(quote, bilal, now)!;
    store.db.exec("DROP TRIGGER quotation_options_sent_final_update");
    store.db.prepare("UPDATE quotation_options SET unit_paisa = 1").run();
    expect(quotations.isIntact(quote, quotations.version(quote.id, 1)!)).toBe(false);
    expect(quotations.isIntact(quote, v1)).toBe(true);
  });
});
