import { data, Form, isRouteErrorResponse, redirect } from "react-router";
import { errorDetail, NotFoundScreen, UnexpectedErrorScreen } from "~/components/layout/status-screens";
import { DeskNotice } from "~/components/desk/desk-card";
import { ProofView } from "~/components/proofs/proof-view";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { proofText } from "~/content/proofs";
import { BuyerQuotation } from "~/components/quotations/buyer-quotation";
import { OrderTimeline } from "~/components/orders/order-timeline";
import { buyerOrderTimeline } from "~/lib/orders/buyer-page.server";
import { quotationPageText } from "~/content/quotation-page";
import { proofAnswerSchema } from "~/lib/proofs/answer-schema";
import { quotationIntents } from "~/lib/quotations/buyer-answer-schema";
import { answerQuotation, quotationPageData } from "~/lib/quotations/buyer-page.server";
import { orderAgain, reorderPageData } from "~/lib/quotations/reorder-page.server";
import { answerEmail } from "~/lib/proofs/mail";
import { anyAnswered } from "~/lib/proofs/record";
import { openProofLink, proofHeaders, proofPageData, requireProofOrigin } from "~/lib/proofs/page.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import { pageTitle } from "~/lib/seo";
import { BuyerPaymentSection } from "~/components/orders/buyer-payment";
import { buyerPaymentData } from "~/lib/payments/buyer.server";
import type { Route } from "./+types/page";
import { clientIpContext } from "~/lib/request-context";
import { HowToPay } from "~/components/orders/how-to-pay";
import { dueNowLine } from "~/content/buyer-payment";
import { buyerStatus, type BuyerStatus, reviewingStatus } from "~/lib/orders/buyer-status";
import { cn } from "~/lib/utils";

const text = proofText.page;

export const meta: Route.MetaFunction = ({ data: page }) => [
  {
    title: pageTitle(
      page?.quotation
        ? quotationPageText.title(page.quotation.latest.version, page.reference)
        : page?.proofs
          ? text.title(page.proofs.latest.version, page.reference)
          : "Your request",
    ),
  },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];
export const headers: Route.HeadersFunction = () => proofHeaders;

const doneValues = ["approved", "changes", "accepted", "quotation-changes", "reordered"] as const;

export function loader({ request, params, context }: Route.LoaderArgs) {
  const service = getQuoteService();
  const quote = openProofLink(params.token, context.get(clientIpContext));
  const done = new URL(request.url).searchParams.get("done");
  const proofs = service.proofs.latest(quote.id) ? proofPageData(service, quote) : null;
  const quotation = quotationPageData(service.quotationAnswers, quote);
  // The request's page shows whatever was sent to the buyer: with neither a quotation nor a proof, nothing.
  if (!proofs && !quotation) throw data("Not found", { status: 404, headers: proofHeaders });
  const order = buyerOrderTimeline(service.orders, quote.id, params.token);
  const doneValue = doneValues.find((value) => value === done) ?? null;
  const payment = buyerPaymentData(service.store, quote);
  const stored = service.orders.forRequest(quote.id);
  const owing = payment && payment.due !== "PKR 0" ? payment.due : null;
  return data(
    {
      reference: quote.reference,
      status: buyerStatus({
        quotation: quotation && {
          version: quotation.latest.version,
          state: quotation.latest.state,
          changesAsked: quotation.latest.changes !== null,
        },
        proof: proofs && { version: proofs.latest.version, status: proofs.latest.status },
        order: stored && { reference: stored.reference, stage: stored.stage },
        payment: payment && { advanceDue: payment.advance, due: owing },
      }),
      // "How to pay" shows only while something is due now: the advance, or the balance once asked for.
      dueNow: payment?.dueNow ? dueNowLine(payment.dueNow) : null,
      proofs,
      quotation,
      order,
      payment,
      reorder: reorderPageData(service.reorders, quote, doneValue === "reordered"),
      done: doneValue === "reordered" ? null : doneValue,
    },
    { headers: proofHeaders },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireProofOrigin(request);
  const service = getQuoteService();
  const quote = openProofLink(params.token, context.get(clientIpContext));
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "order-again") {
    const result = orderAgain(service.reorders, quote, form);
    if (!result.ok) return data({ reorder: { error: result.error } }, { status: result.status, headers: proofHeaders });
    if (result.created) service.outbox?.kick();
    throw redirect(`/proof/${params.token}?done=reordered`, { status: 303, headers: proofHeaders });
  }
  if (typeof form.intent === "string" && quotationIntents.includes(form.intent)) {
    const result = answerQuotation(service.quotationAnswers, quote, form);
    if ("done" in result) {
      service.outbox?.kick();
      throw redirect(`/proof/${params.token}?done=${result.done === "accepted" ? "accepted" : "quotation-changes"}`, {
        status: 303,
        headers: proofHeaders,
      });
    }
    // "Update total" and a refusal show the page again with the totals of the choices posted (if they fit).
    const { status, ...failure } = result;
    return data(
      { quotation: { ...failure, page: quotationPageData(service.quotationAnswers, quote, failure.choices) } },
      { status, headers: proofHeaders },
    );
  }
  const parsed = proofAnswerSchema.safeParse(form);
  if (!parsed.success) {
    const intent = form.intent === "changes" ? "changes" : "approve";
    return data(
      { intent, error: parsed.error.issues[0]?.message ?? "Check the form." },
      { status: 400, headers: proofHeaders },
    );
  }
  const answer = parsed.data;
  const result = await service.proofs.answer(
    quote,
    answer.version,
    answer.intent === "approve"
      ? { kind: "approved", name: answer.name, role: answer.role }
      : { kind: "changes", text: answer.changes },
    service.emailOn ? (proof) => answerEmail(quote, proof) : null,
  );
  if (!result.ok) return data({ intent: answer.intent, error: text.answered }, { status: 409, headers: proofHeaders });
  service.outbox?.kick();
  throw redirect(`/proof/${params.token}?done=${answer.intent === "approve" ? "approved" : "changes"}`, {
    status: 303,
    headers: proofHeaders,
  });
}

const thanks = {
  approved: text.thanksApproved,
  changes: text.thanksChanges,
  accepted: quotationPageText.thanksAccepted,
  "quotation-changes": quotationPageText.thanksChanges,
} as const;

/**
 * The buyer's page of a request: where it stands and what is needed from them on top; then, in a main
 * column, the order's stages, the proof and the quotation (the one waiting for them first); beside it
 * (below the status on a phone, once there is an order) how to pay, the payments, "Order again" and
 * the documents to download.
 */
export default function BuyerPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { reference, status, dueNow, proofs, quotation, order, payment, reorder, done } = loaderData;
  const base = `/proof/${params.token}`;
  const quotationPost = actionData && "quotation" in actionData ? actionData.quotation : undefined;
  const proofPost = actionData && "intent" in actionData ? actionData : undefined;
  const reorderPost = actionData && "reorder" in actionData ? actionData.reorder : undefined;
  const shownQuotation = quotationPost?.page ?? quotation;
  const proofFirst =
    proofs?.latest.status === "waiting" && !(quotation?.latest.state === "sent" && !quotation.latest.changes);
  const headingOf = (first: boolean) => (first ? 1 : 2);
  const quotationPart = shownQuotation && (
    <BuyerQuotation
      page={shownQuotation}
      base={base}
      failure={quotationPost}
      headingLevel={headingOf(!proofFirst || !proofs)}
    />
  );
  const proofPart = proofs && (
    <ProofPart
      page={proofs}
      reference={reference}
      base={base}
      failure={proofPost}
      headingLevel={headingOf(proofFirst || !shownQuotation)}
    />
  );
  const side = (
    <>
      {payment && dueNow && <HowToPay order={payment.order} dueNow={dueNow} />}
      {payment && (
        <div className="rounded-xl border border-border bg-white p-4">
          <BuyerPaymentSection payment={payment} base={base} />
        </div>
      )}
      {reorder?.offer && <OrderAgain offer={reorder.offer} error={reorderPost?.error ?? null} heading={2} />}
      {shownQuotation && <Documents base={base} page={shownQuotation} />}
    </>
  );
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      {done && (
        <div className="mb-4">
          <DeskNotice tone="ok">{thanks[done]}</DeskNotice>
        </div>
      )}
      {reorder?.reordered && (
        <div className="mb-4">
          <DeskNotice tone="ok">{reorder.reordered}</DeskNotice>
        </div>
      )}
      <StatusSummary
        status={quotationPost?.review ? reviewingStatus(quotationPost.review.version) : status}
        reference={reference}
      />
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        {/* With an order, paying and ordering again come right after the status on a phone. */}
        <aside
          aria-label="Payment and documents"
          className={cn("min-w-0 space-y-6 lg:col-start-2 lg:row-start-1", !order && "order-last lg:order-none")}
        >
          {side}
        </aside>
        <div className="min-w-0 space-y-10 lg:col-start-1 lg:row-start-1">
          {order && <OrderTimeline order={order} />}
          {proofFirst ? proofPart : quotationPart}
          {(proofFirst ? quotationPart : proofPart) && (
            <div className="border-t border-border pt-8">{proofFirst ? quotationPart : proofPart}</div>
          )}
        </div>
      </div>
    </div>
  );
}

/** Where the request stands and what, if anything, is needed from the buyer: the first thing on the page. */
function StatusSummary({ status, reference }: { status: BuyerStatus; reference: string }) {
  return (
    <section
      aria-labelledby="status-heading"
      className={cn(
        "rounded-xl border-l-8 p-4 sm:p-5",
        status.needed ? "border-amber-500 bg-amber-50 text-amber-950" : "border-teal-600 bg-teal-50 text-teal-950",
      )}
    >
      <p className="text-xs font-semibold uppercase tracking-wide opacity-80">
        {reference} · {status.needed ? "Needed from you" : "Where things stand"}
      </p>
      <p id="status-heading" className="mt-1 text-xl font-bold sm:text-2xl" dir="auto">
        {status.headline}
      </p>
      <p className="mt-1 text-sm sm:text-base">{status.detail}</p>
    </section>
  );
}

/** Every quotation version sent and the acceptance record, as PDFs to file. */
function Documents({ base, page }: { base: string; page: NonNullable<ReturnType<typeof quotationPageData>> }) {
  const versions = [page.latest.version, ...page.earlier.map((version) => version.version)];
  return (
    <section aria-labelledby="documents-heading" className="rounded-xl border border-border bg-white p-4 text-sm">
      <h2 id="documents-heading" className="text-lg font-bold">
        {quotationPageText.documents}
      </h2>
      <ul className="mt-2 space-y-1">
        {versions.map((version) => (
          <li key={version}>
            <a
              className="inline-flex min-h-11 items-center font-semibold text-primary underline"
              href={`${base}/quotations/v${version}.pdf`}
              download
            >
              {quotationPageText.quotationPdf(version)}
            </a>
          </li>
        ))}
        {page.latest.acceptance && (
          <li>
            <a
              className="inline-flex min-h-11 items-center font-semibold text-primary underline"
              href={`${base}/acceptance/pdf`}
              download
            >
              {quotationPageText.recordPdf}
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}

/** "Order again" of a delivered order: one button, posted without JavaScript; the server makes the new request. */
function OrderAgain({
  offer,
  error,
  heading,
}: {
  offer: { order: string; version: number; lines: string[] };
  error: string | null;
  heading: 1 | 2;
}) {
  const Heading = heading === 1 ? "h1" : "h2";
  const text = quotationPageText;
  return (
    <section aria-labelledby="order-again-heading" className="space-y-3 rounded-xl border border-border bg-white p-4">
      <Heading id="order-again-heading" className="text-lg font-bold">
        {text.orderAgain}
      </Heading>
      <p className="text-sm">{text.orderAgainIntro(offer.order, offer.version)}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {offer.lines.map((line) => (
          <li key={line} dir="auto" className="break-words">
            {line}
          </li>
        ))}
      </ul>
      {error && <DeskNotice tone="error">{error}</DeskNotice>}
      <Form method="post">
        <input type="hidden" name="intent" value="order-again" />
        <input type="hidden" name="order" value={offer.order} />
        <Button type="submit">{text.orderAgainButton}</Button>
      </Form>
    </section>
  );
}

function ProofPart({
  page,
  reference,
  base,
  failure,
  headingLevel,
}: {
  page: ReturnType<typeof proofPageData>;
  reference: string;
  base: string;
  failure: { intent: string; error: string } | undefined;
  headingLevel: 1 | 2;
}) {
  const { latest, earlier, design } = page;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const error = (intent: string) =>
    failure?.intent === intent ? <DeskNotice tone="error">{failure.error}</DeskNotice> : null;
  return (
    <>
      <Heading className="text-2xl font-bold tracking-tight sm:text-3xl">
        {text.title(latest.version, reference)}
      </Heading>
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="min-w-0 space-y-6">
          <ProofView base={base} proof={latest} reference={reference} priority />
          {latest.message && (
            <section aria-labelledby="message-heading">
              <h2 id="message-heading" className="text-lg font-bold">
                {text.message}
              </h2>
              <p dir="auto" className="mt-2 whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">
                {latest.message}
              </p>
            </section>
          )}
          {design && (
            <section aria-labelledby="design-heading">
              <h2 id="design-heading" className="text-lg font-bold">
                {text.design}
              </h2>
              <p className="mt-2 text-sm">
                “<bdi>{design.text}</bdi>” on {design.itemId}, in {design.colours.join(", ")}
              </p>
              {design.mockup && (
                <img
                  src={`${base}/file?design&inline`}
                  alt="Your design from the studio"
                  loading="lazy"
                  className="mt-3 max-h-64 w-auto max-w-full rounded-lg border border-border"
                />
              )}
            </section>
          )}
        </div>
        <div className="min-w-0 space-y-6">
          {latest.status === "approved" ? (
            <div className="space-y-3 rounded-xl border border-teal-300 bg-teal-50 p-4 text-sm text-teal-950">
              <p className="font-semibold">
                {latest.summary} · {latest.answer?.at}
              </p>
              <p>{text.approvedNote}</p>
            </div>
          ) : latest.status === "changes requested" ? (
            <div className="space-y-2 rounded-xl border border-border p-4 text-sm">
              <p className="font-semibold">
                {latest.summary} · {latest.answer?.at}
              </p>
              <p dir="auto" className="whitespace-pre-wrap break-words">
                {latest.answer?.changes}
              </p>
              <p>{text.changesNote}</p>
            </div>
          ) : (
            <>
              <Form method="post" className="space-y-3 rounded-xl border border-border p-4">
                <h2 className="text-lg font-bold">{text.approve}</h2>
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="version" value={latest.version} />
                {error("approve")}
                <div className="space-y-2">
                  <Label htmlFor="name">{text.yourName}</Label>
                  <Input id="name" name="name" required maxLength={200} autoComplete="name" dir="auto" />
                </div>
                <div className="space-y-2">
                  <Label htmlFor="role">
                    {text.yourRole} <span className="font-normal text-muted-foreground">{text.optional}</span>
                  </Label>
                  <Input id="role" name="role" maxLength={200} autoComplete="organization-title" dir="auto" />
                </div>
                <Button type="submit">{text.approveButton}</Button>
              </Form>
              <Form method="post" className="space-y-3 rounded-xl border border-border p-4">
                <h2 className="text-lg font-bold">{text.changes}</h2>
                <input type="hidden" name="intent" value="changes" />
                <input type="hidden" name="version" value={latest.version} />
                {error("changes")}
                <div className="space-y-2">
                  <Label htmlFor="changes">{text.whatChange}</Label>
                  <Textarea id="changes" name="changes" required maxLength={5_000} dir="auto" />
                </div>
                <Button type="submit" variant="outline">
                  {text.sendChanges}
                </Button>
              </Form>
            </>
          )}
          {anyAnswered([latest, ...earlier]) && (
            <p className="text-sm">
              <a className="font-semibold text-primary underline" href={`${base}/record`}>
                {text.recordLink}
              </a>
            </p>
          )}
        </div>
      </div>
      {earlier.length > 0 && (
        <section aria-labelledby="history-heading" className="mt-10">
          <h2 id="history-heading" className="text-lg font-bold">
            {text.history}
          </h2>
          <ol className="mt-3 grid gap-4 sm:grid-cols-2">
            {earlier.map((proof, index) => (
              <li key={proof.version} className="rounded-lg border border-border p-3 text-sm">
                <ProofView base={base} proof={proof} reference={reference} />
                {/* Newest first: the version listed before this one (or the latest) is the one that replaced it. */}
                <p className="mt-2 font-semibold">{text.replacedBy((earlier[index - 1] ?? latest).version)}</p>
                <p>
                  {proof.summary}
                  {proof.answer ? ` · ${proof.answer.at}` : ""}
                </p>
                {proof.answer?.changes && <p className="whitespace-pre-wrap break-words">{proof.answer.changes}</p>}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

/** An ended or expired link says so and how to get a new one; anything else is the site's usual screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 410)
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:py-32">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{text.closedTitle}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{String(error.data)}</p>
      </section>
    );
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return <UnexpectedErrorScreen detail={errorDetail(error)} />;
}
