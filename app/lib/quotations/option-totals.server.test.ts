import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, routeArgs } from "../../../tests/support/desk-routes";
import { pdfText } from "../../../tests/support/pdf-text";
import { bilal, buyerFields, submissionMeta } from "../../../tests/support/request-fixture";
import { startSmtp, until } from "../../../tests/support/smtp-server";
import { tempDir } from "../../../tests/support/temp-dir";
import { migrationsFolder } from "~/lib/db/migrate.server";
import { reportPeriod } from "~/lib/reports/periods";
import { valueByMonth } from "~/lib/reports/reports.server";
import { getQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import * as buyerPage from "~/routes/proof/page";
import { quotationPdf } from "./pdf.server";
import { defaultTerms, type QuotationDraft, Quotations } from "./quotations.server";

// A three-option quotation (250, 500 and 1,000 pens) for a request of 500: each option's own total in
// the e-mail, the PDF and on the buyer's page, the 500 chosen before the buyer chooses, and the reports
// counting it as quoted, then the option accepted.

const site = "http://localhost";
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

/** Metal ball pens, PKR 12,000 set-up: 250 at PKR 220, 500 at PKR 195, 1,000 at PKR 175; 18 % sales tax. */
const pens: QuotationDraft["lines"] = [
  {
    itemId: null,
    description: "Metal ball pen, 1-colour pad print",
    decoration: "Pad print, 1 colour",
    setupPaisa: 1_200_000,
    options: [
      { quantity: 250, unitPaisa: 22_000 },
      { quantity: 500, unitPaisa: 19_500 },
      { quantity: 1_000, unitPaisa: 17_500 },
    ],
  },
];
// (55,000 + 12,000) × 1.18 = 79,060; (97,500 + 12,000) × 1.18 = 129,210; (175,000 + 12,000) × 1.18 = 220,660.
const TOTAL_250 = 7_906_000;
const TOTAL_500 = 12_921_000;

const thisMonth = () => valueByMonth(getQuoteService().store.db, reportPeriod(4, Date.now())).at(-1)!;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "quotation-options-"));
  smtp = await startSmtp();
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    QUOTE_NOTIFY_TO: "sales@promo.example",
    QUOTE_FROM: "Promo Works <sales@promo.example>",
  });
});

afterAll(async () => {
  await stopQuoteService();
  await smtp.close();
  for (const name of ["DATA_DIR", "SMTP_URL", "QUOTE_NOTIFY_TO", "QUOTE_FROM"]) delete process.env[name];
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a quotation of 250, 500 and 1,000 pcs for a request of 500", () => {
  it("gives each option its total in the e-mail and the PDF, recommends the 500, and the reports count it", async () => {
    const service = getQuoteService();
    const email = "options@acme.example";
    const quote = service.store.insert(
      { ...buyerFields, email, product: "Custom pens with logo", quantity: 500 },
      submissionMeta("options-500"),
      { notify: false },
    ).quote;
    const quotedBefore = thisMonth().quotedPaisa;
    const wonBefore = thisMonth().wonPaisa;
    service.quotations.saveDraft(quote.id, { ...defaultTerms(new Date()), lines: pens }, null);
    // Sent as the desk's Send quotation does: the version frozen and its e-mail queued in one transaction.
    const v1 = service.quotations.send(quote, bilal, new Date(), (version) =>
      service.messaging.queue({
        quoteId: quote.id,
        kind: "quotation",
        recipient: email,
        subject: `Quotation v${version.version} for ${quote.reference}`,
        payload: { version: version.version },
      }),
    )!;
    service.outbox?.kick();

    await until(() => smtp.received.some((mail) => mail.to.includes(email)));
    const mail = await simpleParser(smtp.received.find((each) => each.to.includes(email))!.raw);
    expect(mail.text).toContain("The total of each option, including sales tax:");
    expect(mail.text).toContain(
      "Option 1: 250 pcs: subtotal PKR 55,000, set-up PKR 12,000, sales tax PKR 12,060, total PKR 79,060.",
    );
    expect(mail.text).toContain(
      "Option 2: 500 pcs (recommended: nearest the 500 pcs you asked for): subtotal PKR 97,500, set-up PKR 12,000, sales tax PKR 19,710, total PKR 129,210.",
    );
    expect(mail.text).toContain(
      "Option 3: 1,000 pcs: subtotal PKR 175,000, set-up PKR 12,000, sales tax PKR 33,660, total PKR 220,660.",
    );
    expect(mail.html).toContain("total PKR 129,210");

    // The PDF attached, read back as the buyer's procurement office reads it.
    const attached = pdfText(mail.attachments[0]!.content);
    expect(attached).toBe(pdfText(await quotationPdf(quote, v1)));
    expect(attached).toContain("Total of each option");
    expect(attached).toMatch(
      /Option 1: 250 pcs\nSubtotal \(goods\) PKR 55,000\nSet-up charges PKR 12,000\nSales tax 18 % on PKR 67,000 PKR 12,060\nTotal PKR 79,060/,
    );
    expect(attached).toMatch(
      /Option 2: 500 pcs \(recommended: nearest the 500 pcs you asked for\)\nSubtotal \(goods\) PKR 97,500\nSet-up charges PKR 12,000\nSales tax 18 % on PKR 109,500 PKR 19,710\nTotal PKR 129,210/,
    );
    expect(attached).toMatch(/Option 3: 1,000 pcs\n[^]*?\nTotal PKR 220,660/);

    // The buyer's page: the 500 chosen before they choose, and each option's own totals.
    const token = /\/proof\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;
    const page = await outcome(() =>
      buyerPage.loader(routeArgs(new Request(`${site}/proof/${token}`), { token }, "198.51.100.9") as never),
    );
    const latest = (
      page.data as {
        quotation: {
          latest: {
            lines: { options: { checked: boolean; recommended: boolean }[] }[];
            totals: { total: string };
            optionTotals: { title: string; recommended: string | null; totals: { total: string } }[];
          };
        };
      }
    ).quotation.latest;
    expect(latest.lines[0]!.options.map(({ checked, recommended }) => [checked, recommended])).toEqual([
      [false, false],
      [true, true],
      [false, false],
    ]);
    expect(latest.totals.total).toBe("PKR 129,210");
    expect(latest.optionTotals.map(({ title, recommended, totals }) => [title, recommended, totals.total])).toEqual([
      ["Option 1: 250 pcs", null, "PKR 79,060"],
      ["Option 2: 500 pcs", "nearest the 500 pcs you asked for", "PKR 129,210"],
      ["Option 3: 1,000 pcs", null, "PKR 220,660"],
    ]);

    // Quoted: the 500's total, not the smallest option's.
    expect(thisMonth().quotedPaisa - quotedBefore).toBe(TOTAL_500);

    // The buyer accepts the 500: won is what was quoted, never more.
    const accepted = await outcome(() =>
      buyerPage.action(
        routeArgs(
          new Request(`${site}/proof/${token}`, {
            method: "POST",
            headers: { Origin: site },
            body: new URLSearchParams({
              intent: "accept",
              version: "1",
              sha256: v1.sha256!,
              "line-1": "2",
              name: "Ayesha Khan",
            }),
          }),
          { token },
          "198.51.100.10",
        ) as never,
      ),
    );
    expect(accepted.status).toBe(303);
    const month = thisMonth();
    expect(month.wonPaisa - wonBefore).toBe(TOTAL_500);
    expect(month.quotedPaisa - quotedBefore).toBe(TOTAL_500);
    expect(month.wonPaisa).toBeLessThanOrEqual(month.quotedPaisa);
  });
});

describe("quoted totals kept at the first option by an earlier release", () => {
  it("are counted again at the option nearest what was asked when the store opens after the migration", () => {
    const dir = tempDir("quoted-again");
    let store = QuoteStore.open(dir);
    const quote = store.insert(
      { ...buyerFields, product: "Custom pens with logo", quantity: 500 },
      submissionMeta("earlier"),
      { notify: false },
    ).quote;
    const quotations = new Quotations(store);
    quotations.saveDraft(quote.id, { ...defaultTerms(new Date()), lines: pens }, null);
    const v1 = quotations.send(quote, bilal)!;
    expect(v1.quotedTotalPaisa).toBe(TOTAL_500);
    // As the earlier release left it: the smallest option's total, Other for the words, the migration not run.
    store.db.exec("DROP TRIGGER quotations_quoted_total_final");
    store.db.prepare("UPDATE quotations SET quoted_total_paisa = ? WHERE id = ?").run(TOTAL_250, v1.id);
    store.db.prepare("UPDATE quotes SET category = 'other' WHERE id = ?").run(quote.id);
    store.db.exec(
      readFileSync(join(migrationsFolder(), "0018_quoted_totals.sql"), "utf8")
        .split("--> statement-breakpoint")
        .at(-1)!,
    );
    // The migration as the upgrade runs it (by hand: later migrations are already applied to this store).
    store.db.exec(
      readFileSync(join(migrationsFolder(), "0025_nearest_option_totals_and_categories.sql"), "utf8").replaceAll(
        "--> statement-breakpoint",
        "",
      ),
    );
    store.close();

    store = QuoteStore.open(dir);
    try {
      // The store's module fills the cleared totals when the service starts; here, by hand.
      new Quotations(store).fillQuotedTotals();
      expect(new Quotations(store).version(quote.id, 1)!.quotedTotalPaisa).toBe(TOTAL_500);
      expect(store.db.prepare("SELECT category FROM quotes WHERE id = ?").pluck().get(quote.id)).toBe("pens");
      // The total is final again.
      expect(() => store.db.prepare("UPDATE quotations SET quoted_total_paisa = 1 WHERE id = ?").run(v1.id)).toThrow(
        /final/,
      );
    } finally {
      store.close();
    }
  });
});
