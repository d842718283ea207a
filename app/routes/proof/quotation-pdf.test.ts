import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, routeArgs } from "../../../tests/support/desk-routes";
import { startDeskService } from "../../../tests/support/desk-service";
import { pdfText } from "../../../tests/support/pdf-text";
import { onsetPenLine, sentQuotation } from "../../../tests/support/quotation-fixture";
import { defaultTerms } from "~/lib/quotations/quotations.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import * as acceptancePdf from "./acceptance-pdf";
import * as quotationPdf from "./quotation-pdf";

// A quotation's PDF and the acceptance record through the buyer's link: that request's own only.

let desk: Awaited<ReturnType<typeof startDeskService>>;
let ip = 0;

beforeAll(async () => {
  desk = await startDeskService("buyer-quotation-pdf");
});
afterAll(async () => {
  await desk.stop();
});

const download = (token: string, file: string) =>
  outcome(() =>
    quotationPdf.loader(
      routeArgs(
        new Request(`http://localhost/proof/${token}/quotations/${file}`),
        { token, file },
        `198.51.100.${ip++}`,
      ) as never,
    ),
  );

describe("a quotation's PDF by the buyer's link", () => {
  it("downloads each sent version of the link's own request, and refuses another request's and any other name", async () => {
    const service = getQuoteService();
    const mine = sentQuotation(service.store, "pdf-mine", {
      lines: [onsetPenLine([{ quantity: 500, unitPaisa: 8_900 }])],
    });
    const theirs = sentQuotation(service.store, "pdf-theirs", {
      lines: [onsetPenLine([{ quantity: 250, unitPaisa: 9_500 }])],
    });
    // Their request has a v2 as well; mine has only v1.
    service.quotationAnswers.quotations.saveDraft(
      theirs.quote.id,
      { ...defaultTerms(new Date()), lines: [onsetPenLine([{ quantity: 300, unitPaisa: 9_000 }])] },
      null,
    );
    service.quotationAnswers.quotations.send(theirs.quote, { name: "Bilal", email: "bilal@promo.example" });
    const token = service.proofs.linkForMessage(mine.quote.id, 70_001);

    const own = await download(token, "v1.pdf");
    expect(own.status).toBe(200);
    expect(own.headers.get("content-disposition")).toBe(
      `attachment; filename="${mine.quote.reference}-quotation-v1.pdf"`,
    );
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(pdfText(new Uint8Array(await own.response!.arrayBuffer()))).toContain(mine.quote.reference);

    // Another request's version (their v2) is not reached through my link, nor are guessed names.
    for (const file of [
      "v2.pdf",
      "v0.pdf",
      "v1.PDF",
      "v1",
      "../v1.pdf",
      `${theirs.quote.reference}-quotation-v1.pdf`,
      "v99999.pdf",
    ])
      expect((await download(token, file)).status).toBe(404);
    // Their own link reaches their v2.
    const theirToken = service.proofs.linkForMessage(theirs.quote.id, 70_002);
    expect((await download(theirToken, "v2.pdf")).status).toBe(200);
  });

  it("gives the acceptance record of the link's own order only", async () => {
    const service = getQuoteService();
    const accepted = sentQuotation(service.store, "pdf-accepted", {
      lines: [onsetPenLine([{ quantity: 500, unitPaisa: 8_900 }])],
    });
    const order = accepted.accept([1], { name: "Ayesha Khan", poNumber: "PO-1" });
    const open = sentQuotation(service.store, "pdf-open", {
      lines: [onsetPenLine([{ quantity: 500, unitPaisa: 8_900 }])],
    });
    const record = (token: string) =>
      outcome(() =>
        acceptancePdf.loader(
          routeArgs(
            new Request(`http://localhost/proof/${token}/acceptance/pdf`),
            { token },
            "198.51.100.200",
          ) as never,
        ),
      );
    const mine = await record(service.proofs.linkForMessage(accepted.quote.id, 70_003));
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-disposition")).toContain(`${order.reference}-acceptance.pdf`);
    expect((await record(service.proofs.linkForMessage(open.quote.id, 70_004))).status).toBe(404);
  });
});
