import type { ReactNode } from "react";
import { data, Form, redirect } from "react-router";
import { DeskNotice } from "~/components/desk/desk-card";
import { SubmitButton } from "~/components/desk/submit-button";
import { BuyerTaxRegistration } from "~/components/orders/buyer-tax-registration";
import { InvoicePanel } from "~/components/orders/invoice-panel";
import { PaymentsPanel } from "~/components/orders/payments-panel";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { deskText } from "~/content/desk";
import { stageLabel } from "~/content/order-stages";
import { requirePermission, requireSameOrigin } from "~/lib/desk/auth.server";
import { deskMeta } from "~/lib/desk/meta";
import { whatsappNumber } from "~/lib/desk/whatsapp";
import { proofUrl } from "~/lib/proofs/mail";
import { correctionIntent } from "~/lib/fbr/correction-schema";
import { fbrCorrectionAction } from "~/lib/fbr/desk.server";
import { fbrDeskSources } from "~/lib/fbr/desk-sources.server";
import { invoicePanelData } from "~/lib/invoices/desk.server";
import { moveOrder, orderPage, readOrderForm, readOrderRequest } from "~/lib/orders/desk.server";
import { saveTaxFactsFromDesk, taxFactsPanel } from "~/lib/orders/tax-facts-desk.server";
import { paymentsPanelData } from "~/lib/payments/desk.server";
import { qcChecklist, qcPhotoLimits } from "~/lib/orders/stages";
import { getQuoteService } from "~/lib/quotes/service.server";
import { discardReceived } from "~/lib/quotes/uploads.server";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/order";

const text = deskText.orders;

export const meta: Route.MetaFunction = ({ params }) => deskMeta(params.reference);

const notFound = () => data("Not found", { status: 404 });

function findOrder(reference: string) {
  const service = getQuoteService();
  const order = service.orders.byReference(reference);
  const quote = order && service.store.get(order.quoteId);
  if (!order || !quote) throw notFound();
  return { service, order, quote };
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  const member = requirePermission(context, "orders.manage");
  const { service, order, quote } = findOrder(params.reference);
  return {
    ...orderPage(service, quote, order),
    payments: paymentsPanelData(service, order, member),
    invoices: invoicePanelData(service, order, member, fbrDeskSources(service)?.reports ?? null),
    taxFacts: taxFactsPanel(service.taxFacts, order, service.checkRegistration !== null, new URL(request.url)),
    whatsapp: whatsappNumber(quote.phone) !== null,
    done: new URL(request.url).searchParams.get("done") === "1",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request);
  const staff = requirePermission(context, "orders.manage");
  const { service, order, quote } = findOrder(params.reference);
  const sent = await readOrderRequest(request, service.files.incomingDir);
  try {
    if (sent.problem) return data({ error: sent.problem.message }, { status: sent.problem.status });
    if (sent.fields.get("intent") === correctionIntent) return fbrCorrectionAction(service, order, sent.fields, staff);
    const actor = { name: staff.name, email: staff.email };
    if (sent.fields.get("intent") === "tax-facts") {
      const saved = await saveTaxFactsFromDesk(service.taxFacts, order, sent.fields, actor, service.checkRegistration);
      if (!saved.ok) return data({ error: null, taxFacts: saved }, { status: saved.status });
      throw redirect(`/desk/orders/${order.reference}?tax=${saved.outcome}#tax-registration`);
    }
    const read = readOrderForm(sent.fields);
    if (!read.success) return data({ error: read.error.issues[0]?.message ?? "Check the form." }, { status: 400 });
    const form = read.data;
    if (form.intent === "whatsapp") {
      const number = whatsappNumber(quote.phone);
      if (!number) return data({ error: deskText.quote.noWhatsapp }, { status: 400 });
      service.store.recordWhatsappUsed(quote.id, actor);
      const link = proofUrl(service.proofs.linkForStaffMessage(quote.id));
      const message = text.whatsappMessage(quote.name, order.reference, stageLabel[order.stage], link);
      throw redirect(`https://wa.me/${number}?text=${encodeURIComponent(message)}`);
    }
    const moved = await moveOrder(service, order, form, sent.photos, actor);
    if (!moved.ok) return data({ error: moved.error }, { status: 409 });
    throw redirect(`/desk/orders/${order.reference}?done=1`);
  } finally {
    await discardReceived(sent.photos);
  }
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn("rounded-xl border border-border bg-white p-4", className)} aria-labelledby={`${title}-h`}>
      <h2 id={`${title}-h`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-sm">{children}</div>
    </section>
  );
}

function NextAction({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { next, today, couriers, startBlocked } = loaderData;
  if (!next) return <p>{text.delivered}</p>;
  const submit = (
    <SubmitButton name="intent" value={next.stage} disabled={startBlocked !== null}>
      {next.label === stageLabel.in_production ? "Start production" : next.label}
    </SubmitButton>
  );
  switch (next.stage) {
    case "in_production":
      return (
        <Form method="post" className="space-y-3">
          {startBlocked && <p className="text-amber-900">{startBlocked}</p>}
          <FormField id="plannedDispatchDate" label={text.plannedDispatchDate}>
            <Input id="plannedDispatchDate" name="plannedDispatchDate" type="date" min={today} required />
          </FormField>
          {submit}
        </Form>
      );
    case "quality_checked":
      return (
        <Form method="post" encType="multipart/form-data" className="space-y-3">
          <fieldset className="space-y-1">
            <legend className="font-medium">Checklist</legend>
            {qcChecklist.map((point) => (
              <label key={point} className="flex min-h-11 items-center gap-2">
                <input type="checkbox" name="checklist" value={point} required className="size-5" />
                {text.checklist[point]}
              </label>
            ))}
          </fieldset>
          <FormField id="photos" label={text.photos}>
            <Input id="photos" name="photos" type="file" accept={qcPhotoLimits.types.join(",")} multiple />
          </FormField>
          {submit}
        </Form>
      );
    case "dispatched":
      return (
        <Form method="post" className="space-y-3">
          <FormField id="courier" label={text.courier}>
            <NativeSelect id="courier" name="courier" required defaultValue="">
              <option value="" disabled>
                Choose…
              </option>
              {couriers.map((courier) => (
                <option key={courier.id} value={courier.id}>
                  {courier.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="consignmentNumber" label={text.consignment}>
            <Input id="consignmentNumber" name="consignmentNumber" maxLength={60} autoComplete="off" />
          </FormField>
          {submit}
        </Form>
      );
    case "delivered":
      return (
        <Form method="post" className="space-y-3">
          <FormField id="receivedBy" label={text.receivedBy}>
            <Input id="receivedBy" name="receivedBy" required maxLength={120} />
          </FormField>
          <FormField id="receivedDate" label={text.receivedDate}>
            <Input id="receivedDate" name="receivedDate" type="date" max={today} defaultValue={today} required />
          </FormField>
          {submit}
        </Form>
      );
    default:
      return null;
  }
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, request, quotation, proof, timeline, history, canMoveBack, whatsapp, done, payments, invoices } =
    loaderData;
  return (
    <>
      <p className="text-sm">
        <a
          href="/desk/orders"
          className="text-primary underline underline-offset-4 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
        >
          ← {text.back}
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">
        {order.reference} · {request.company}
      </h1>
      <p className="mt-1 text-sm">
        <strong>{order.stageLabel}</strong>
        {order.due && (
          <span className={cn("ml-2", order.late && "font-semibold text-red-800")}>
            · {order.late ? `${text.runningLate}: ` : ""}
            {order.planned ? text.planned : text.promised} {order.due}
          </span>
        )}
      </p>
      <p className="mt-1 text-sm">
        <a
          href={`/desk/quotes/${request.reference}`}
          className="text-primary underline underline-offset-4 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
        >
          {text.request(request.reference)}
        </a>
      </p>
      {actionData?.error && (
        <div className="mt-4">
          <DeskNotice tone="error">{actionData.error}</DeskNotice>
        </div>
      )}
      {done && !actionData && (
        <div className="mt-4">
          <DeskNotice tone="ok">{text.done}</DeskNotice>
        </div>
      )}

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <Section title={text.stages}>
            <ol className="space-y-2">
              {timeline.map((step) => (
                <li key={step.stage} className="flex gap-2">
                  <span
                    aria-hidden="true"
                    className={cn(
                      "mt-1 size-3 shrink-0 rounded-full border-2",
                      step.state === "done" && "border-green-700 bg-green-700",
                      step.state === "current" && "border-primary bg-primary",
                      step.state === "next" && "border-slate-400",
                    )}
                  />
                  <span>
                    <span className={cn(step.state === "current" && "font-semibold")}>{step.label}</span>
                    {step.when && (
                      <span className="text-slate-700">
                        {" "}
                        · {step.when}
                        {step.by && step.by !== "buyer" ? ` · ${step.by.replace(/ <.*>$/, "")}` : ""}
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ol>
            {order.tracking && (
              <p>
                {text.courier}: {order.tracking.courier}
                {order.tracking.consignmentNumber && <> · {order.tracking.consignmentNumber}</>}
                {order.tracking.url && (
                  <>
                    {" · "}
                    <a
                      href={order.tracking.url}
                      rel="noreferrer noopener"
                      target="_blank"
                      className="text-primary underline"
                    >
                      {text.track}
                    </a>
                  </>
                )}
              </p>
            )}
            {order.receivedBy && (
              <p>
                {text.receivedBy}: {order.receivedBy} · {order.received}
              </p>
            )}
          </Section>

          <Section title={text.nextAction}>
            <NextAction loaderData={loaderData} />
          </Section>

          {canMoveBack && (
            <details className="rounded-xl border border-border bg-white p-4 text-sm">
              <summary className="cursor-pointer font-semibold pointer-coarse:min-h-11">{text.moveBack}</summary>
              <Form method="post" className="mt-3 space-y-3">
                <FormField id="reason" label={text.moveBackReason}>
                  <Textarea id="reason" name="reason" required maxLength={1000} />
                </FormField>
                <SubmitButton name="intent" value="back" variant="outline">
                  {text.moveBack}
                </SubmitButton>
              </Form>
            </details>
          )}

          {whatsapp && (
            <Form method="post" className="text-sm">
              <SubmitButton name="intent" value="whatsapp" variant="outline">
                {text.whatsapp}
              </SubmitButton>
              <p className="mt-1 text-xs text-slate-700">{text.whatsappHint}</p>
            </Form>
          )}

          {payments && <PaymentsPanel data={payments} />}
          <BuyerTaxRegistration
            data={loaderData.taxFacts}
            refused={actionData && "taxFacts" in actionData ? actionData.taxFacts : null}
          />
          <InvoicePanel
            data={invoices}
            correction={actionData && "fbrCorrection" in actionData ? actionData.fbrCorrection : null}
          />
        </div>

        <div className="space-y-4">
          <Section title={text.quotation}>
            <p>
              {text.version(quotation.version)} · {text.accepted(quotation.acceptedBy, quotation.accepted)}
            </p>
            <ul className="list-disc space-y-1 pl-5">
              {quotation.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p>
              {text.total}: <strong>{quotation.total}</strong>
              {quotation.poNumber && (
                <>
                  {" · "}
                  {text.po}: {quotation.poNumber}
                </>
              )}
            </p>
          </Section>

          <Section title={text.proof}>
            {proof ? (
              <>
                <p>{text.proofLine(proof.version, proof.approvedBy, proof.approved)}</p>
                <p className="break-all font-mono text-xs">SHA-256 {proof.sha256}</p>
                <a href={proof.href} className="text-primary underline underline-offset-4">
                  {text.openProof}
                </a>
              </>
            ) : (
              <p>{text.noProof}</p>
            )}
          </Section>

          <Section title={text.history}>
            <ol className="space-y-2">
              {history.map((event) => (
                <li key={event.id}>
                  <span className="text-slate-700">{event.when}</span> ·{" "}
                  {event.back ? `${text.moveBack} → ${event.label}: ${event.reason}` : event.label} ·{" "}
                  {event.by.replace(/ <.*>$/, "")}
                  {event.photos.length > 0 && (
                    // Each thumbnail (the 800 px copy, shown small) links to the photo as taken.
                    <ul className="mt-2 flex flex-wrap gap-2">
                      {event.photos.map((id, index) => (
                        <li key={id}>
                          <a
                            href={`/desk/orders/${order.reference}/photos/${id}`}
                            className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                          >
                            <img
                              src={`/desk/orders/${order.reference}/photos/${id}?size=small`}
                              alt={text.photo(index + 1)}
                              width={160}
                              height={120}
                              loading="lazy"
                              decoding="async"
                              className="h-24 w-32 rounded-md border border-border bg-slate-100 object-cover sm:h-[120px] sm:w-[160px]"
                            />
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
          </Section>
        </div>
      </div>
    </>
  );
}
