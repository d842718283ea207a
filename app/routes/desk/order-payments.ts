import { data, redirect } from "react-router";
import { deskHeaders, requirePermission, requireSameOrigin } from "~/lib/desk/auth.server";
import { missingOnceKey } from "~/lib/once/key";
import { moneyRedirect, orderByReference, paymentForm } from "~/lib/payments/desk.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/order-payments";

// The payments panel's posts: "Record payment" and "Reverse payment" on one order; back to its page
// with what happened (or why nothing was stored) in the query.

const notFound = () => data("Not found", { status: 404, headers: deskHeaders });

export function loader() {
  return new Response("Send the payments panel's form.", { status: 405, headers: { ...deskHeaders, Allow: "POST" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request);
  const body = Object.fromEntries(await request.formData());
  const staff = requirePermission(context, body.intent === "reverse" ? "payments.reverse" : "payments.record");
  const service = getQuoteService();
  const target = orderByReference(service, params.reference);
  if (!target) throw notFound();
  const outcome = paymentForm(service, target.order, body, { name: staff.name, email: staff.email });
  if (!outcome.ok && outcome.error === "not found") throw notFound();
  if (!outcome.ok && outcome.error === "no key") throw data(missingOnceKey, { status: 400, headers: deskHeaders });
  throw redirect(
    moneyRedirect(target.order, "payments", outcome as Exclude<typeof outcome, { error: "not found" | "no key" }>),
    {
      status: 303,
      headers: deskHeaders,
    },
  );
}
