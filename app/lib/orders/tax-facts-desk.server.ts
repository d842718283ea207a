import { type TaxFactsOutcome, taxFactsDeskText } from "~/content/tax-registration";
import type { Actor } from "~/lib/audit/events";
import { pakistanTime } from "~/lib/desk/time";
import type { RegistrationType } from "~/lib/fbr/lists";
import type { StoredOrder } from "./orders.server";
import {
  formatNtnCnic,
  type TaxFactsField,
  taxFactsErrors,
  taxFactsInWords,
  taxFactsSchema,
  type TaxFactsValues,
  taxFactsValuesOf,
} from "./tax-facts-schema";
import type { OrderTaxFacts, StoredTaxFacts } from "./tax-facts.server";

/**
 * FBR's answer to "what is this NTN or CNIC's registration type?" (Get_Reg_Type), or null when FBR
 * could not be asked (unreachable, slow, or it refused the token).
 */
export type CheckRegistration = (ntnCnic: string) => Promise<RegistrationType | null>;

export type { TaxFactsOutcome } from "~/content/tax-registration";

const isOutcome = (value: string | null): value is TaxFactsOutcome =>
  value !== null && Object.hasOwn(taxFactsDeskText.saved, value);

const valuesOf = (facts: StoredTaxFacts): TaxFactsValues => ({
  registrationType: facts.registrationType,
  ntnCnic: formatNtnCnic(facts.ntnCnic),
  businessName: facts.businessName,
  province: facts.province,
  address: facts.address,
});

/**
 * The order page's "Buyer's tax registration": the facts in words with who gave them and whether FBR
 * confirmed them, the form's values (the facts, or a suggestion while none are given), whether FBR
 * is asked, and the notice of a save just made (the `tax` search parameter of its redirect).
 */
export function taxFactsPanel(taxFacts: OrderTaxFacts, order: StoredOrder, fbrAsked: boolean, url: URL) {
  const facts = taxFacts.get(order.id);
  const saved = url.searchParams.get("tax");
  return {
    order: order.reference,
    given: facts && {
      lines: taxFactsInWords(facts),
      by: taxFactsDeskText.givenBy(facts.givenBy, pakistanTime(facts.updatedAt)),
      check: facts.checkedAt
        ? taxFactsDeskText.checked(pakistanTime(facts.checkedAt))
        : facts.ntnCnic === ""
          ? taxFactsDeskText.noNumber
          : taxFactsDeskText.notChecked,
      checked: facts.checkedAt !== null,
    },
    values: facts ? valuesOf(facts) : taxFacts.suggested(order.id),
    fbrAsked,
    notice: isOutcome(saved) ? taxFactsDeskText.saved[saved] : null,
  };
}
export type TaxFactsPanel = ReturnType<typeof taxFactsPanel>;

export type TaxFactsSaveResult =
  | { ok: true; outcome: TaxFactsOutcome }
  | {
      ok: false;
      status: 400 | 409;
      error: string;
      errors: Partial<Record<TaxFactsField, string>>;
      values: TaxFactsValues;
    };

/**
 * Staff's save of the buyer's tax registration from the order page: the form checked by its schema;
 * with FBR configured (`checkRegistration` given) and an NTN or CNIC, FBR is asked its registration
 * type first: a different answer is refused with what FBR says, no answer saves the facts unchecked.
 */
export async function saveTaxFactsFromDesk(
  taxFacts: OrderTaxFacts,
  order: StoredOrder,
  form: { get(name: string): FormDataEntryValue | null },
  actor: Actor,
  checkRegistration: CheckRegistration | null,
  now = new Date(),
): Promise<TaxFactsSaveResult> {
  const values = taxFactsValuesOf(form);
  const read = taxFactsSchema.safeParse(values);
  if (!read.success)
    return { ok: false, status: 400, error: taxFactsDeskText.refused, errors: taxFactsErrors(read.error), values };
  const facts = read.data;
  if (facts.ntnCnic === "") {
    taxFacts.save(order.id, facts, actor, { checkedAt: null, now });
    return { ok: true, outcome: "nothing-to-check" };
  }
  if (!checkRegistration) {
    taxFacts.save(order.id, facts, actor, { checkedAt: null, now });
    return { ok: true, outcome: "not-configured" };
  }
  const fbr = await checkRegistration(facts.ntnCnic).catch(() => null);
  if (fbr === null) {
    taxFacts.save(order.id, facts, actor, { checkedAt: null, now });
    return { ok: true, outcome: "unavailable" };
  }
  if (fbr !== facts.registrationType) {
    const number = `${facts.ntnCnic.length === 13 ? "CNIC" : "NTN"} ${formatNtnCnic(facts.ntnCnic)}`;
    return {
      ok: false,
      status: 409,
      error: taxFactsDeskText.mismatch(number, facts.registrationType, fbr),
      errors: { registrationType: `FBR says ${fbr}.` },
      values,
    };
  }
  taxFacts.save(order.id, facts, actor, { checkedAt: now, now });
  return { ok: true, outcome: "checked" };
}
