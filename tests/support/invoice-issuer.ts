// Child process of invoices.server.test.ts: issues, for each order given, an invoice and then a credit
// note for all of it, again and again, the way the desk would from another process; prints each
// number once its transaction has committed. Killed mid-loop by the test, or done after ROUNDS rounds.
import { Invoices } from "../../app/lib/invoices/invoices.server";
import { QuoteStore } from "../../app/lib/quotes/store.server";

const [dataDir, rounds, ...orderReferences] = process.argv.slice(2);
if (!dataDir || !rounds || orderReferences.length === 0)
  throw new Error("usage: invoice-issuer.ts DATA_DIR ROUNDS ORDER_REFERENCE…");

const store = QuoteStore.open(dataDir);
const invoices = new Invoices(store);
const actor = { name: "Bilal", email: "bilal@promo.example" };
const now = new Date("2026-11-26T07:00:00Z");

for (let round = 0; round < Number(rounds); round++)
  for (const order of orderReferences) {
    const issued = invoices.issueInvoice(order, { actor, now });
    if (!issued.ok) throw new Error(`${order}: ${issued.reason}`);
    console.log(issued.value.number);
    const credited = invoices.issueCreditNote(issued.value.number, {
      amountPaisa: issued.value.totalPaisa,
      reason: "Issued again",
      actor,
      now,
    });
    if (!credited.ok) throw new Error(`${issued.value.number}: ${credited.reason}`);
    console.log(credited.value.number);
  }
store.close();
