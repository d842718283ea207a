import { readFileSync } from "node:fs";
import { ProofDesk } from "~/lib/proofs/proofs.server";
import { QuoteStore } from "~/lib/quotes/store.server";
import { Payments } from "~/lib/payments/payments.server";
import { Orders } from "~/lib/orders/orders.server";
import { onsetPenLine, sentQuotation } from "../tests/support/quotation-fixture";

const dataDir = process.argv[2]!;
const store = QuoteStore.open(dataDir);
const proofs = new ProofDesk(store);
const png = new Uint8Array(readFileSync("/work/wt-buyerlink/public/og-image.png"));
const staff = { name: "Bilal", email: "bilal@promo.example" } as never;
let id = 1;
const lines = [
  onsetPenLine([
    { quantity: 250, unitPaisa: 9_000 },
    { quantity: 500, unitPaisa: 8_900 },
    { quantity: 1000, unitPaisa: 8_200 },
  ]),
];
const links: Record<string, string> = {};
const make = async (key: string, stage: string | null) => {
  const { quote, accept } = sentQuotation(store, `shots-${key}`, { lines, terms: { deliveryPaisa: 150_000 } });
  links[key] = `/proof/${proofs.linkForMessage(quote.id, id++)}`;
  if (!stage) return;
  const order = accept([2], { name: "Dr. Ayesha Khan", role: "Brand Manager", poNumber: "PO-7781" });
  proofs.send(store.get(quote.id)!, { data: png, mediaType: "image/png" }, "Logo in Pantone 286 on the clip.", staff, null);
  await proofs.answer(store.get(quote.id)!, 1, { kind: "approved", name: "Dr. Ayesha Khan", role: "Brand Manager" }, null);
  if (stage === "awaiting_artwork") return;
  const stored = new Orders(store).forRequest(quote.id)!;
  const payments = new Payments(store);
  const summary = payments.summary(stored)!;
  const today = new Date().toISOString().slice(0, 10);
  const advance = payments.record(stored, { kind: "advance", method: "bank_transfer", paidOn: today, amountPaisa: summary.advanceRequiredPaisa, reference: "TT-4471", actor: staff });
  if (!advance.ok) throw new Error(JSON.stringify(advance));
  store.db.prepare("UPDATE orders SET stage = ? WHERE id = ?").run(stage, stored.id);
  if (stage === "delivered") {
    const rest = payments.summary(new Orders(store).forRequest(quote.id)!)!.duePaisa;
    const balance = payments.record(new Orders(store).forRequest(quote.id)!, { kind: "balance", method: "bank_transfer", paidOn: today, amountPaisa: rest, reference: "TT-4480", actor: staff });
    if (!balance.ok) throw new Error(JSON.stringify(balance));
  }
};
await make("review", null);
await make("advance", "awaiting_artwork");
await make("production", "in_production");
await make("delivered", "delivered");
store.close();
console.log(JSON.stringify(links));
