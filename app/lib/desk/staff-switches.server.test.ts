import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outcome, type RouteArgs, routeArgs, underDeskLayout } from "../../../tests/support/desk-routes";
import { signedInAccount, startDeskService } from "../../../tests/support/desk-service";
import { acceptedOrder } from "../../../tests/support/invoice-fixture";
import { pakistanDate } from "~/lib/desk/time";
import { Invoices } from "~/lib/invoices/invoices.server";
import { Orders } from "~/lib/orders/orders.server";
import { paymentsPanelData } from "~/lib/payments/desk.server";
import { Payments } from "~/lib/payments/payments.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import * as exportRoute from "~/routes/desk/export";
import * as inboxRoute from "~/routes/desk/inbox";
import * as orderInvoices from "~/routes/desk/order-invoices";
import * as orderPayments from "~/routes/desk/order-payments";
import * as staffRoute from "~/routes/desk/staff";
import { StaffSwitchBoard } from "./staff-switches.server";

// What owners allow their staff, through the desk's real routes behind the layout's middleware, on a
// real store: a switch an owner turns off on the Staff page refuses staff that action from the next
// request on, turned on again allows it; owners keep it; nobody else can change the switches.

const site = "http://localhost";
const password = "lahore-blue-pens-2026";
let desk: Awaited<ReturnType<typeof startDeskService>>;
let ownerCookie: string;
let staffCookie: string;
let ip = 0;

const args = (request: Request, params: Record<string, string> = {}): RouteArgs =>
  routeArgs(request, params, `198.51.100.${ip++ % 250}`);
const get = (path: string, cookie: string) => new Request(`${site}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, fields: Record<string, string>, cookie: string, origin = site) =>
  new Request(`${site}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });
const keyed = (fields: Record<string, string>) => ({ idempotencyKey: randomUUID(), ...fields });

/** The Staff page's switches form as an owner sends it: the ticked ones "on", the rest left out. */
const switchesForm = (on: string[], key = randomUUID()) => ({
  intent: "switches",
  idempotencyKey: key,
  ...Object.fromEntries(on.map((name) => [name, "on"])),
});
const allOn = ["invoices.issue", "payments.reverse", "requests.export"];

const postSwitches = (fields: Record<string, string>, cookie = ownerCookie, origin = site) =>
  outcome(() => underDeskLayout(staffRoute.action, args(post("/desk/staff", fields, cookie, origin))));
const postPayment = (reference: string, fields: Record<string, string>, cookie: string) =>
  outcome(() =>
    underDeskLayout(
      orderPayments.action,
      args(post(`/desk/orders/${reference}/payments`, keyed(fields), cookie), { reference }),
    ),
  );
const postInvoice = (reference: string, cookie: string) =>
  outcome(() =>
    underDeskLayout(
      orderInvoices.action,
      args(post(`/desk/orders/${reference}/invoices`, keyed({ intent: "issue" }), cookie), { reference }),
    ),
  );
const exportCsv = (cookie: string) =>
  outcome(() => underDeskLayout(exportRoute.loader, args(get("/desk/export/csv", cookie), { format: "csv" })));
const inboxData = async (cookie: string) =>
  (await outcome(() => underDeskLayout(inboxRoute.loader, args(get("/desk", cookie))))).data as { canExport: boolean };

function order() {
  const service = getQuoteService();
  const made = acceptedOrder(service.store, { now: new Date() });
  return new Orders(service.store).forRequest(made.quote.id)!;
}

/** An order with one payment of PKR 1,000 recorded by the owner: its id, to reverse. */
async function paidOrder() {
  const stored = order();
  const recorded = await postPayment(
    stored.reference,
    {
      intent: "record",
      amount: "1,000",
      method: "bank_transfer",
      kind: "advance",
      date: pakistanDate(Date.now()),
      reference: "",
    },
    ownerCookie,
  );
  expect(recorded.location).toContain("payments-done=payment");
  const [payment] = new Payments(getQuoteService().store).paymentsOf(stored.id);
  return { stored, payment: payment! };
}

const board = () => new StaffSwitchBoard(getQuoteService().store.db);

beforeAll(async () => {
  desk = await startDeskService("staff-switches");
  ownerCookie = await signedInAccount("sana@promo.example", "Sana Iqbal", password);
  staffCookie = await signedInAccount("bilal@promo.example", "Bilal Ahmed", password);
});

afterAll(async () => {
  await desk.stop();
});

beforeEach(async () => {
  // Every switch on, as a new desk has them.
  expect((await postSwitches(switchesForm(allOn))).status).toBe(302);
});

describe("issuing an invoice", () => {
  it("is refused to staff while an owner has it switched off, and allowed once it is on again", async () => {
    const stored = order();
    expect(await postSwitches(switchesForm(["payments.reverse", "requests.export"]))).toMatchObject({
      status: 302,
      location: "/desk/staff?done=switches",
    });
    const refused = await postInvoice(stored.reference, staffCookie);
    expect(refused.status).toBe(403);
    expect(refused.data).toContain('"invoices.issue"');
    expect(new Invoices(getQuoteService().store).invoicesOf(stored.id)).toHaveLength(0);

    await postSwitches(switchesForm(allOn));
    expect(await postInvoice(stored.reference, staffCookie)).toMatchObject({
      status: 303,
      location: `/desk/orders/${stored.reference}?invoices-done=invoice#invoices`,
    });
    expect(new Invoices(getQuoteService().store).invoicesOf(stored.id)).toHaveLength(1);
  });

  it("stays with owners whatever the switch says", async () => {
    const stored = order();
    await postSwitches(switchesForm([]));
    expect((await postInvoice(stored.reference, ownerCookie)).status).toBe(303);
    expect(new Invoices(getQuoteService().store).invoicesOf(stored.id)).toHaveLength(1);
  });
});

describe("reversing a payment", () => {
  it("is refused to staff while switched off (recording still allowed), and allowed when on", async () => {
    const { stored, payment } = await paidOrder();
    await postSwitches(switchesForm(["invoices.issue", "requests.export"]));
    const reverse = { intent: "reverse", payment: String(payment.id), reason: "Cheque bounced" };
    const refused = await postPayment(stored.reference, reverse, staffCookie);
    expect(refused.status).toBe(403);
    expect(refused.data).toContain('"payments.reverse"');
    expect(new Payments(getQuoteService().store).paymentsOf(stored.id)[0]!.reversal).toBeFalsy();
    // The panel offers staff no reversal then; recording stays theirs.
    const service = getQuoteService();
    const bilal = service.staff.find("bilal@promo.example")!;
    expect(paymentsPanelData(service, stored, bilal)).toMatchObject({ canRecord: true, canReverse: false });
    const recorded = await postPayment(
      stored.reference,
      {
        intent: "record",
        amount: "500",
        method: "cash",
        kind: "balance",
        date: pakistanDate(Date.now()),
        reference: "",
      },
      staffCookie,
    );
    expect(recorded.location).toContain("payments-done=payment");

    await postSwitches(switchesForm(allOn));
    expect(paymentsPanelData(service, stored, bilal)).toMatchObject({ canReverse: true });
    expect(await postPayment(stored.reference, reverse, staffCookie)).toMatchObject({
      status: 303,
      location: `/desk/orders/${stored.reference}?payments-done=reversed#payments`,
    });
  });
});

describe("exporting the buyers' contacts", () => {
  it("is refused to staff while switched off, with no export link in their inbox, and allowed when on", async () => {
    await postSwitches(switchesForm(["invoices.issue", "payments.reverse"]));
    const refused = await exportCsv(staffCookie);
    expect(refused.status).toBe(403);
    expect(refused.data).toContain('"requests.export"');
    expect((await inboxData(staffCookie)).canExport).toBe(false);
    expect((await inboxData(ownerCookie)).canExport).toBe(true);
    expect((await exportCsv(ownerCookie)).status).toBe(200);

    await postSwitches(switchesForm(allOn));
    const allowed = await exportCsv(staffCookie);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("content-type")).toContain("text/csv");
    expect((await inboxData(staffCookie)).canExport).toBe(true);
  });
});

describe("the switches", () => {
  it("are shown to owners on the Staff page, each change kept with the owner who made it, once per form", async () => {
    const key = randomUUID();
    await postSwitches(switchesForm(["invoices.issue"], key));
    // The same form again (a second press, a replay) changes nothing more and records nothing more.
    await postSwitches(switchesForm([], key));
    expect(board().current()).toEqual({
      "invoices.issue": true,
      "payments.reverse": false,
      "requests.export": false,
    });
    const [latest, before] = board().changes(2);
    expect(latest).toMatchObject({
      permission: "requests.export",
      allowed: false,
      by: "Sana Iqbal <sana@promo.example>",
    });
    expect(before).toMatchObject({ permission: "payments.reverse", allowed: false });
    const page = (await outcome(() => underDeskLayout(staffRoute.loader, args(get("/desk/staff", ownerCookie)))))
      .data as { switches: Record<string, boolean>; switchChanges: { permission: string }[] };
    expect(page.switches).toEqual(board().current());
    expect(page.switchChanges[0]).toMatchObject({ permission: "requests.export" });
  });

  it("cannot be changed by a staff member (403), nor from another site's page (403)", async () => {
    const asStaff = await postSwitches(switchesForm([]), staffCookie);
    expect(asStaff.status).toBe(403);
    expect(asStaff.data).toContain('"staff.manage"');
    const crossSite = await postSwitches(switchesForm([]), ownerCookie, "https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(board().current()).toEqual({
      "invoices.issue": true,
      "payments.reverse": true,
      "requests.export": true,
    });
  });

  it("are not saved without the form's one-time key", async () => {
    const { idempotencyKey: _, ...keyless } = switchesForm([]);
    expect((await postSwitches(keyless)).status).toBe(400);
    expect(board().current()["invoices.issue"]).toBe(true);
  });
});
