import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcome, routeArgs } from "../../../tests/support/desk-routes";
import { startDeskService } from "../../../tests/support/desk-service";
import { type FbrStandIn, startFbrStandIn } from "../../../tests/support/fbr-di-server";
import { acceptedOrder } from "../../../tests/support/invoice-fixture";
import { pdfText } from "../../../tests/support/pdf-text";
import { bilal } from "../../../tests/support/request-fixture";
import { Orders } from "~/lib/orders/orders.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import * as buyerInvoicePdf from "~/routes/proof/invoice-pdf";
import * as buyerPage from "~/routes/proof/page";
import { issueOrderInvoice } from "./invoicing.server";

// The buyer's private link, through its routes on the server's own service with FBR_DI_TOKEN set (FBR
// played by the stand-in): an invoice waiting for FBR is neither listed nor served; once FBR accepts
// it, it is both, with FBR's number on it.

let desk: Awaited<ReturnType<typeof startDeskService>>;
let fbr: FbrStandIn;
let ip = 0;

beforeAll(async () => {
  fbr = await startFbrStandIn();
  Object.assign(process.env, { FBR_DI_TOKEN: fbr.token, FBR_DI_URL: fbr.url });
  desk = await startDeskService("buyer-link");
});
afterAll(async () => {
  await desk.stop();
  delete process.env.FBR_DI_TOKEN;
  delete process.env.FBR_DI_URL;
  await fbr.close();
});

const get = (path: string) => new Request(`http://localhost${path}`);
const args = (request: Request, params: Record<string, string>) =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`) as never;

async function until(check: () => boolean, timeoutMs = 10_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("Timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the buyer's link", () => {
  it("neither lists nor serves an invoice while it waits for FBR, and does both once FBR accepted it", async () => {
    const service = getQuoteService();
    expect(service.fbr.configured).toBe(true);
    const made = acceptedOrder(service.store, { now: new Date() });
    const order = new Orders(service.store).forRequest(made.quote.id)!;
    service.taxFacts.save(
      order.id,
      {
        registrationType: "Registered",
        ntnCnic: "1234567",
        businessName: "Acme Pharma",
        province: "SINDH",
        address: "Plot 5, Korangi, Karachi",
      },
      bilal,
    );
    // FBR answers slowly: the invoice is still waiting when the buyer looks.
    await fbr.setMode("slow", { delayMs: 1_500 });
    const issued = issueOrderInvoice(
      service,
      { quote: made.quote, order },
      { buyerAddress: "", actor: bilal, staffId: null },
    );
    if (!issued.ok) throw new Error(issued.reason);
    const token = service.proofs.linkForMessage(
      made.quote.id,
      service.messaging.queue({
        quoteId: made.quote.id,
        kind: "reply",
        recipient: "ayesha@acme.example",
        subject: "Link",
        status: "off",
      })!,
    );
    const file = `${issued.value.number}.pdf`;
    const pdf = () =>
      outcome(() => buyerInvoicePdf.loader(args(get(`/proof/${token}/invoices/${file}`), { token, file })));
    const listed = async () => {
      const page = await outcome(() => buyerPage.loader(args(get(`/proof/${token}`), { token })));
      const shown = page.data as { payment: { documents: { number: string }[] } | null };
      return shown.payment?.documents.map((document) => document.number);
    };

    expect(service.fbr.reports.reportOfInvoice(issued.value.id)?.status).toBe("waiting");
    expect((await pdf()).status).toBe(404);
    expect(await listed()).toEqual([]);

    await until(() => service.fbr.reports.reportOfInvoice(issued.value.id)?.status === "accepted");
    const served = await pdf();
    expect(served.status).toBe(200);
    const number = service.fbr.reports.reportOfInvoice(issued.value.id)!.fbrNumber!;
    expect(pdfText(new Uint8Array(await served.response!.arrayBuffer()))).toContain(number);
    expect(await listed()).toEqual([issued.value.number]);
  });
});
