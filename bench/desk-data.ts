import { StaffDirectory } from "../app/lib/desk/staff.server";
import { QuoteStore } from "../app/lib/quotes/store.server";

const companies = ["Acme Traders", "Lahore Textiles", "Indus Foods", "Ravi Motors", "Punjab Steel", "Shalimar Tiles"];
const products = ["Pens", "Mugs", "Caps", "Diaries", "Lanyards", "Tote bags", "Umbrellas", "Keychains"];
const words = ["logo", "urgent", "event", "conference", "gift", "eid", "delivery", "colour", "quote", "sample"];

/** The one request the rare-company search is timed on, and the phone number of request 77,777. */
export const rareCompany = "Zephyr Pharma";
export const rarePhone = "0321-7777777";

/**
 * A data folder with `total` requests stored by the store itself (so the FTS5 index is filled by its
 * triggers, as in use), in one transaction: every 1,000th of a rare company, a fifth answered, a
 * tenth owned, a request a minute from a year and a half before `now`.
 */
export function seedDesk(dataDir: string, total: number, now = Date.now()): { staffId: number; sessionId: string } {
  const store = QuoteStore.open(dataDir);
  try {
    const directory = new StaffDirectory(store.db);
    const staffId = directory.add("sana@promo.example", "Sana", { role: "owner", now }).staff.id;
    const staff = { name: "Sana", email: "sana@promo.example" };
    const start = now - total * 60_000;
    // Transactions of 1,000 requests, a large page cache: one transaction of them all spills the cache
    // and slows each insert as it grows.
    store.db.pragma("cache_size = -200000");
    const batch = store.db.transaction((from: number) => {
      for (let n = from; n < Math.min(total, from + 1000); n++) {
        const { quote } = store.insert(
          {
            name: `Buyer ${n}`,
            company: n % 1000 === 7 ? rareCompany : companies[n % companies.length]!,
            email: `buyer${n}@example.pk`,
            phone: n === 77_777 ? rarePhone : `03${String(n).padStart(9, "0")}`,
            product: products[n % products.length]!,
            message: `${words[n % words.length]} ${words[(n * 7) % words.length]} for ${n % 500} pieces, =SUM(A1) چاہیئں`,
          },
          { clientIp: "203.0.113.7", userAgent: "bench", page: "/contact", idempotencyKey: `bench-${n}` },
          { notify: false, now: new Date(start + n * 60_000) },
        );
        if (n % 5 === 0)
          store.setStatus(quote.id, "waiting_on_buyer", "", staff, new Date(start + n * 60_000 + 3_600_000));
        if (n % 10 === 0) store.assign(quote.id, staffId, staff);
      }
    });
    for (let from = 0; from < total; from += 1000) batch(from);
    return { staffId, sessionId: directory.startSession(staffId) };
  } finally {
    store.close();
  }
}
