// Child process of store-gc.server.test.ts: stores and reads quote requests the way the server does, one
// prepared statement per query left to the garbage collector, with enough other garbage that collections
// run meanwhile. Prints the count; a crash in a statement's destructor kills the process instead.
import { QuoteStore } from "../../app/lib/quotes/store.server";

const [dataDir, rounds = "2000"] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: store-churn.ts DATA_DIR [ROUNDS]");

const store = QuoteStore.open(dataDir);
const fields = { name: "A", company: "", email: "a@example.com", phone: "", product: "", message: "hi" };
let garbage = 0;
for (let i = 0; i < Number(rounds); i++) {
  const meta = { clientIp: "127.0.0.1", userAgent: "test", page: "/contact", idempotencyKey: `churn-${i}` };
  store.insert({ ...fields, message: `hi ${i}` }, meta, { notify: false });
  store.findByKey(meta.idempotencyKey);
  garbage += Array.from({ length: 200 }, (_, n) => ({ n, text: `row ${n}` })).length;
}
console.log(`stored ${store.count()} (${garbage} objects thrown away)`);
store.close();
