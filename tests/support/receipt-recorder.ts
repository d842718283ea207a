// Child process of receipts.server.test.ts: records, for each order given, a payment of PKR 1 again
// and again, the way the desk would from another process; prints each receipt's number once its
// transaction has committed.
import { Orders } from "../../app/lib/orders/orders.server";
import { Payments } from "../../app/lib/payments/payments.server";
import { QuoteStore } from "../../app/lib/quotes/store.server";

const [dataDir, rounds, ...orderReferences] = process.argv.slice(2);
if (!dataDir || !rounds || orderReferences.length === 0)
  throw new Error("usage: receipt-recorder.ts DATA_DIR ROUNDS ORDER_REFERENCE…");

const store = QuoteStore.open(dataDir);
const payments = new Payments(store);
const orders = new Orders(store);
const actor = { name: "Bilal", email: "bilal@promo.example" };
const now = new Date("2026-11-26T07:00:00Z");

for (let round = 0; round < Number(rounds); round++)
  for (const reference of orderReferences) {
    const order = orders.byReference(reference)!;
    const recorded = payments.record(order, {
      kind: "other",
      method: "cash",
      paidOn: "2026-11-26",
      amountPaisa: 100,
      actor,
      now,
    });
    if (!recorded.ok) throw new Error(`${reference}: ${recorded.reason}`);
    console.log(recorded.value.receipt!.number);
  }
store.close();
