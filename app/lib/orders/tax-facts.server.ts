import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { Actor } from "~/lib/audit/events";
import { isFbrProvince, ntnCnicDigits, registrationTypes } from "~/lib/fbr/lists";
import type { QuoteStore } from "~/lib/quotes/store.server";
import { orderTaxFacts } from "./schema";
import { type TaxFacts, type TaxFactsValues, taxFactsLimits } from "./tax-facts-schema";

export type { TaxFacts } from "./tax-facts-schema";

/** An order's buyer tax registration as stored. */
export type StoredTaxFacts = TaxFacts & {
  /** "buyer" (given on acceptance) or the staff member's name. */
  givenBy: string;
  /** ISO 8601, UTC. */
  updatedAt: string;
  /** ISO 8601, UTC: when FBR confirmed the registration type of the NTN/CNIC; null when not (yet) checked. */
  checkedAt: string | null;
};

/** Who gave the facts: the buyer on their link, or a member of staff on the desk. */
export type TaxFactsGiver = "buyer" | Actor;

/** What `save` refuses whoever calls: facts no form lets through. */
export class InvalidTaxFacts extends Error {}

// Where most of the office's buyers are: an address naming one of these cities is in that province.
const provinceOfCity: [RegExp, TaxFacts["province"]][] = [
  [/\b(lahore|faisalabad|rawalpindi|multan|gujranwala|sialkot|sargodha|bahawalpur|sheikhupura|kasur)\b/i, "PUNJAB"],
  [/\b(karachi|hyderabad|sukkur|larkana)\b/i, "SINDH"],
  [/\bislamabad\b/i, "CAPITAL TERRITORY"],
  [/\b(peshawar|mardan|abbottabad|swat)\b/i, "KHYBER PAKHTUNKHWA"],
  [/\bquetta\b/i, "BALOCHISTAN"],
];

const isStoredNumber = (facts: TaxFacts) =>
  facts.ntnCnic === "" ? facts.registrationType === "Unregistered" : /^(?:\d{7}|\d{13})$/.test(facts.ntnCnic);

/**
 * The buyer's tax registration per order (owns order_tax_facts): registration type, NTN or CNIC,
 * business name, province and address as FBR's Digital Invoicing is told them on the order's
 * invoices. Given by the buyer when accepting, or filled and corrected by staff before invoicing;
 * every save is in the request's history.
 */
export class OrderTaxFacts {
  private readonly orm;
  private readonly sql;

  constructor(readonly store: QuoteStore) {
    this.orm = drizzle({ client: store.db });
    this.sql = {
      order: store.db.prepare(
        `SELECT o.reference, o.quote_id AS quoteId, q.company, q.email, qt.buyer_ntn AS buyerNtn
         FROM orders o JOIN quotes q ON q.id = o.quote_id JOIN quotations qt ON qt.id = o.quotation_id
         WHERE o.id = ?`,
      ),
      // A repeat buyer's facts from their latest earlier order (the same e-mail address).
      earlier: store.db.prepare(
        `SELECT f.registration_type AS registrationType, f.ntn_cnic AS ntnCnic, f.business_name AS businessName,
           f.province, f.address
         FROM order_tax_facts f JOIN orders o ON o.id = f.order_id JOIN quotes q ON q.id = o.quote_id
         WHERE lower(q.email) = lower(?) AND f.order_id <> ? ORDER BY f.updated_at DESC LIMIT 1`,
      ),
      invoiceAddress: store.db
        .prepare(
          "SELECT buyer_address FROM invoices WHERE order_id = ? AND buyer_address <> '' ORDER BY id DESC LIMIT 1",
        )
        .pluck(),
    };
  }

  /** The order's buyer tax registration, or null when nobody has given it yet. */
  get(orderId: number): StoredTaxFacts | null {
    const row = this.orm.select().from(orderTaxFacts).where(eq(orderTaxFacts.orderId, orderId)).get();
    if (!row) return null;
    const { orderId: _orderId, registrationType, province, ...rest } = row;
    return {
      ...rest,
      registrationType: registrationType === "Registered" ? "Registered" : "Unregistered",
      province: isFbrProvince(province) ? province : "PUNJAB",
    };
  }

  /**
   * Stores the order's buyer tax registration (replacing any given before), with a line in the
   * request's history. `checkedAt`: when FBR confirmed the registration type; left out, a check
   * already made is kept while the registration type and number stay the same, and dropped otherwise.
   * Facts no form lets through (an unknown province, a malformed number, a registered buyer without
   * one) are refused with InvalidTaxFacts, whoever calls; an unknown order with an Error. Call inside
   * the caller's transaction when it makes the order (the acceptance).
   */
  save(
    orderId: number,
    facts: TaxFacts,
    givenBy: TaxFactsGiver,
    { checkedAt, now = new Date() }: { checkedAt?: Date | null; now?: Date } = {},
  ): StoredTaxFacts {
    const valid =
      registrationTypes.includes(facts.registrationType) &&
      isFbrProvince(facts.province) &&
      isStoredNumber(facts) &&
      facts.businessName.trim() !== "" &&
      facts.businessName.length <= taxFactsLimits.businessName &&
      facts.address.trim() !== "" &&
      facts.address.length <= taxFactsLimits.address;
    if (!valid) throw new InvalidTaxFacts("These are not a buyer's tax registration FBR would take.");
    return this.store.db
      .transaction((): StoredTaxFacts => {
        const order = this.sql.order.get(orderId) as { reference: string; quoteId: number } | undefined;
        if (!order) throw new Error(`No order ${orderId}`);
        const before = this.get(orderId);
        const sameNumber =
          before !== null && before.registrationType === facts.registrationType && before.ntnCnic === facts.ntnCnic;
        const checked =
          checkedAt === undefined ? (sameNumber ? before.checkedAt : null) : (checkedAt?.toISOString() ?? null);
        const row = {
          registrationType: facts.registrationType,
          ntnCnic: facts.ntnCnic,
          businessName: facts.businessName,
          province: facts.province,
          address: facts.address,
          givenBy: givenBy === "buyer" ? "buyer" : givenBy.name,
          updatedAt: now.toISOString(),
          checkedAt: checked,
        };
        this.orm
          .insert(orderTaxFacts)
          .values({ orderId, ...row })
          .onConflictDoUpdate({ target: orderTaxFacts.orderId, set: row })
          .run();
        this.store.audit.record({
          subject: { type: "request", id: order.quoteId },
          actor: givenBy,
          at: now,
          type: "order.tax_facts_saved",
          payload: {
            order: order.reference,
            registrationType: facts.registrationType,
            ntnCnic: facts.ntnCnic,
            businessName: facts.businessName,
            province: facts.province,
            address: facts.address,
            checked: checked !== null,
          },
        });
        return this.get(orderId)!;
      })
      .immediate();
  }

  /**
   * What the form starts from when nobody has given the facts yet: a repeat buyer's facts from their
   * latest earlier order; the NTN the accepted quotation was made out to (then "Registered"); the
   * request's company as the business name; an address an invoice of the order was made out to, and
   * its province when it names a city. Empty where nothing is known; null for an unknown order.
   */
  suggested(orderId: number): TaxFactsValues | null {
    const order = this.sql.order.get(orderId) as
      { reference: string; quoteId: number; company: string; email: string; buyerNtn: string } | undefined;
    if (!order) return null;
    const earlier = this.sql.earlier.get(order.email, orderId) as TaxFacts | undefined;
    const draft: TaxFactsValues = earlier
      ? { ...earlier }
      : { registrationType: "", ntnCnic: "", businessName: order.company.trim(), province: "", address: "" };
    const quotedNtn = order.buyerNtn ? ntnCnicDigits(order.buyerNtn) : null;
    if (quotedNtn) {
      draft.registrationType = "Registered";
      draft.ntnCnic = quotedNtn;
    }
    if (!draft.address) {
      const invoiced = this.sql.invoiceAddress.get(orderId) as string | undefined;
      if (invoiced) draft.address = invoiced.replace(/\s*\n\s*/g, ", ").slice(0, taxFactsLimits.address);
    }
    if (!draft.province && draft.address)
      draft.province = provinceOfCity.find(([city]) => city.test(draft.address))?.[1] ?? "";
    return draft;
  }
}
