import { Fragment, type ReactNode } from "react";
import { data, Form, redirect } from "react-router";
import { Conversation } from "~/components/desk/conversation";
import { SendOnWhatsApp } from "~/components/desk/whatsapp-panel";
import { DeskNotice } from "~/components/desk/desk-card";
import { StatusBadge, WaitingBadge } from "~/components/desk/status-badge";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { quoteFieldLabel } from "~/content/contact";
import { deskText, statusLabel } from "~/content/desk";
import { requirePermission, requireSameOrigin } from "~/lib/desk/auth.server";
import { hasPermission } from "~/lib/desk/permissions";
import { intentPermission, readRequestForm, requestIntent, unknownAction } from "~/lib/desk/request-forms";
import { deskMeta } from "~/lib/desk/meta";
import { pakistanTime, shortDeadline, waitingFor } from "~/lib/desk/time";
import { telHref, whatsappReplyUrl } from "~/lib/desk/whatsapp";
import { wantsOf } from "~/lib/desk/wants";
import { conversation } from "~/lib/messaging/conversation.server";
import { ReplyChannelBadge, SourceBadge } from "~/components/desk/channel-badges";
import { mailtoAddressUrl } from "~/lib/email-address";
import { getQuoteService } from "~/lib/quotes/service.server";
import { proofText } from "~/content/proofs";
import { deskProofs, sendProof } from "~/lib/proofs/desk.server";
import { proofLimits } from "~/lib/proofs/rules";
import { formDataWithin } from "~/lib/quotes/uploads.server";
import { ProofsPanel, SendProofForm } from "~/components/desk/proofs-panel";
import { SubmitButton } from "~/components/desk/submit-button";
import { lostReasons, lostReasonText, type QuoteStatus, quoteStatuses } from "~/lib/requests/status";
import { categoryLabel, type RequestCategory, requestCategories } from "~/lib/quotes/request-categories";
import { formatPkr } from "~/lib/money";
import { whatsAppPanel } from "~/lib/whatsapp/desk.server";
import { deskQuotations } from "~/lib/quotations/desk.server";
import { itemName } from "~/lib/proofs/record";
import { orderLink } from "~/lib/orders/desk.server";
import type { Route } from "./+types/request";

export const meta: Route.MetaFunction = ({ params }) => deskMeta(params.reference);

const notFound = () => data("Not found", { status: 404 });

export function loader({ request, context, params }: Route.LoaderArgs) {
  const member = requirePermission(context, "requests.read");
  const service = getQuoteService();
  const quote = service.store.byReference(params.reference);
  if (!quote) throw notFound();
  const doneParam = new URL(request.url).searchParams.get("done");
  const done = doneParam && doneParam in deskDone ? (doneParam as keyof typeof deskDone) : null;
  const now = Date.now();
  const whatsappDesk = service.whatsappDesk;
  return {
    quote: {
      ...quote,
      received: pakistanTime(quote.receivedAt),
      waiting: quote.answeredAt ? null : waitingFor(quote.receivedAt, now),
      // Until it is answered: the clock stops then.
      replyBy: quote.answeredAt ? null : shortDeadline(quote.replyBy, now),
      overdue: !quote.answeredAt && quote.replyBy < now,
      answered: quote.answeredAt && pakistanTime(quote.answeredAt),
      wants: wantsOf(quote, now),
    },
    owner: {
      mine: quote.ownerStaffId === member.id,
      canAssign: hasPermission(member.role, "requests.assign"),
      staff: service.staff.list().map(({ id, name }) => ({ id, name })),
    },
    files: service.store.attachments(quote.id).map((file) => ({
      role: file.role,
      mediaType: file.mediaType,
      kb: Math.ceil(file.byteSize / 1024),
      originalName: file.originalName,
    })),
    history: service.store.audit.requestHistory(quote.id).map((line) => ({ ...line, when: pakistanTime(line.at) })),
    // The wa.me address is made by the action, once the use is recorded; the page only says whether there is one.
    whatsapp: whatsappReplyUrl(quote.phone, quote.reference, quote.name) !== null,
    // With the business's WhatsApp connected, "Send on WhatsApp" takes click-to-chat's place.
    whatsappPanel: whatsappDesk.connected
      ? whatsAppPanel(whatsappDesk.state(quote, new Date(now)), new Date(now), deskText.whatsapp)
      : null,
    whatsappTextKey: crypto.randomUUID(),
    whatsappTemplateKey: crypto.randomUUID(),
    tel: telHref(quote.phone),
    conversation: conversation(
      service.messaging.messages(quote.id),
      service.messaging.messageFiles(quote.id),
      service.messageKinds,
    ),
    // Only one valid address is linked (one stored before the form checked it shows as text).
    mailto: mailtoAddressUrl(quote.email),
    canReply: service.emailOn,
    // One key per rendering of the reply form: the same form sent twice queues one reply.
    replyKey: crypto.randomUUID(),
    // Likewise for "Send proof": sent twice (a retry over a weak link), one proof version goes.
    proofKey: crypto.randomUUID(),
    duplicateKey: crypto.randomUUID(),
    done,
    ...deskProofs(service, quote),
    ...deskQuotations(service, quote, now),
    canQuote: hasPermission(member.role, "quotations.send"),
    order: orderLink(service, quote),
    category: service.store.category(quote.id),
    canCategorise: hasPermission(member.role, intentPermission.category),
  };
}

/** What the page says after each action it redirected from. */
const deskDone = {
  ...deskText.quote.saved,
  proof: proofText.desk.sent,
  ended: proofText.desk.ended,
  "ended-all": proofText.desk.endedAll,
  won: proofText.desk.won,
  quotation: deskText.quotation.sentDone,
  "quotation-off": deskText.quotation.mailOff,
  "whatsapp-text": deskText.whatsapp.done.text,
  "whatsapp-template": deskText.whatsapp.done.template,
} as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request);
  const service = getQuoteService();
  const quote = service.store.byReference(params.reference);
  if (!quote) throw notFound();
  // The proof form's file is read whole (staff only, signed in), never past the limit, whether the body
  // declares its length or comes in chunks.
  const body = await formDataWithin(request, proofLimits.requestBytes);
  if (!body) return data({ intent: "proof", error: proofText.desk.tooLarge }, { status: 413 });
  const problem = (intent: string, message: string) => data({ intent, error: message }, { status: 400 });
  const intent = requestIntent(body);
  if (!intent) return problem("", unknownAction);
  const staff = requirePermission(context, intentPermission[intent]);
  if (intent === "reply" && !service.emailOn) return problem("reply", deskText.quote.replyOff);
  const read = readRequestForm(body);
  if (!read.ok) return problem(intent, read.error);
  const form = read.form;
  const actor = { name: staff.name, email: staff.email };
  const done = (what: keyof typeof deskDone) => redirect(`/desk/quotes/${quote.reference}?done=${what}`);

  switch (form.intent) {
    case "status": {
      // The lost reason's list is hidden but still sent when another status is chosen.
      const lost = form.status === "lost" && form.lostReason;
      const reason = lost ? lostReasonText(lost, form.reason) : form.reason;
      const moved = service.proofs.chooseStatus(quote.id, form.status, reason, actor);
      // Refused: the form comes back with what was chosen, and why not.
      if (!moved.ok)
        return data(
          { intent: "status", error: deskText.quote.statusRefused[moved.refused], chosen: form.status },
          { status: 400 },
        );
      throw done("status");
    }
    case "category":
      service.store.setCategory(quote.id, form.category, actor);
      throw done("category");
    case "whatsapp": {
      const url = whatsappReplyUrl(quote.phone, quote.reference, quote.name);
      if (!url) return problem("whatsapp", deskText.quote.noWhatsapp);
      service.store.recordWhatsappUsed(quote.id, actor);
      throw redirect(url);
    }
    case "note":
      service.store.addNote(quote.id, form.note, actor);
      throw done("note");
    case "assign":
    case "take": {
      const assigned = service.store.assign(quote.id, form.intent === "take" ? staff.id : form.owner, actor);
      if (!assigned.ok) return problem(form.intent, deskText.quote.noSuchStaff);
      throw done(form.intent);
    }
    case "reply":
      service.reply(quote.id, form.reply, actor, form.replyKey);
      throw done("reply");
    case "whatsapp-text":
    case "whatsapp-template": {
      const desk = service.whatsappDesk;
      const sender = { ...actor, staffId: staff.id };
      const sent =
        form.intent === "whatsapp-text"
          ? desk.sendText(quote, form.whatsappText, sender, form.whatsappKey)
          : desk.sendTemplate(quote, form.template, sender, form.templateKey);
      if (!sent.ok) return problem(form.intent, deskText.whatsapp.refused[sent.refused]);
      throw done(form.intent);
    }
    case "proof": {
      const sent = await sendProof(service, quote, form, actor);
      if (!sent.ok) return problem("proof", sent.error);
      throw done("proof");
    }
    case "end-link":
      service.proofs.endLink(quote.id, form.link, actor);
      throw done("ended");
    case "end-all-links":
      service.proofs.endAllLinks(quote.id, actor);
      throw done("ended-all");
    case "won":
      if (!service.proofs.markWon(quote, actor)) return problem("won", "The latest proof is not approved.");
      throw done("won");
    case "duplicate": {
      const made = service.reorders.duplicate(quote.id, form.duplicateKey, actor, staff.id);
      if (!made.ok) return problem("duplicate", deskText.quotation.noneToDuplicate);
      throw redirect(`/desk/quotes/${made.quote.reference}/quotation?done=duplicated`);
    }
  }
}

/** The request's fields a buyer wrote: shown in the direction their script runs (Urdu right to left). */
const buyersWords = new Set<string>([quoteFieldLabel.name, quoteFieldLabel.company, quoteFieldLabel.product]);

type DeskAction = "reply" | "quotation" | "whatsapp" | "proof" | "status" | "note";

/**
 * The forms a request needs next come first: an answer while it waits on us, the outcome while it
 * waits on the buyer, a note once it is over (no "Send proof" at the top of a Won request).
 */
const nextActions: Record<QuoteStatus, readonly DeskAction[]> = {
  new: ["quotation", "reply", "whatsapp", "proof", "status", "note"],
  waiting_on_us: ["quotation", "reply", "whatsapp", "proof", "status", "note"],
  waiting_on_buyer: ["status", "quotation", "reply", "whatsapp", "proof", "note"],
  won: ["note", "quotation", "status", "reply", "whatsapp", "proof"],
  lost: ["note", "status", "quotation", "reply", "whatsapp", "proof"],
};

const linkClass =
  "text-primary underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center";

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    quote,
    files,
    history,
    whatsapp,
    whatsappPanel,
    whatsappTextKey,
    whatsappTemplateKey,
    tel,
    conversation: thread,
    mailto,
    canReply,
    replyKey,
    proofKey,
    done,
    proofs,
    links,
    canMarkWon,
    canEndAllLinks,
    owner,
    quotations,
    hasQuotationDraft,
    nextQuotationVersion,
    quotationAccepted,
    canQuote,
    order,
    duplicateKey,
    category,
    canCategorise,
  } = loaderData;
  const text = deskText.quote;
  const chosenStatus = actionData && "chosen" in actionData ? String(actionData.chosen) : quote.status;
  const error = (intent: string) =>
    actionData?.intent === intent ? <DeskNotice tone="error">{actionData.error}</DeskNotice> : null;
  // What the buyer wants comes first, then who they are; how the request reached us is folded away.
  const { wants } = quote;
  const fields: [string, ReactNode][] = [
    [quoteFieldLabel.product, quote.product],
    [deskText.wants.quantity, wants.quantity],
    [
      deskText.wants.neededBy,
      wants.neededBy && (
        <>
          {wants.neededBy.day}
          {wants.neededBy.nearness && (
            <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
              {wants.neededBy.nearness}
            </span>
          )}
        </>
      ),
    ],
    [quoteFieldLabel.name, quote.name],
    [quoteFieldLabel.company, quote.company],
    [quoteFieldLabel.email, quote.email],
    [quoteFieldLabel.phone, quote.phone],
    ["Received", quote.received],
  ];
  const technical: [string, string][] = [
    ["Page", quote.page],
    ["IP address", quote.clientIp],
    ["Browser", quote.userAgent],
    ["Notification e-mail", quote.notifyStatus],
  ];
  const design = quote.design;
  const actions: Record<DeskAction, ReactNode> = {
    quotation: (
      <QuotationsPanel
        reference={quote.reference}
        quotations={quotations}
        draft={hasQuotationDraft}
        next={nextQuotationVersion}
        accepted={quotationAccepted}
        canQuote={canQuote}
        duplicateKey={duplicateKey}
        error={error("duplicate")}
      />
    ),
    reply: (
      <Form method="post" className="space-y-3 rounded-xl border border-border p-4">
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="replyKey" value={replyKey} />
        {error("reply")}
        <div className="space-y-2">
          <Label htmlFor="reply">{text.reply}</Label>
          <Textarea id="reply" name="reply" required disabled={!canReply} maxLength={20_000} />
          {!canReply && <p className="text-xs text-muted-foreground">{text.replyOff}</p>}
        </div>
        <SubmitButton disabled={!canReply} pendingLabel={deskText.pending.sending}>
          {text.sendReply}
        </SubmitButton>
      </Form>
    ),
    whatsapp: whatsappPanel ? (
      <SendOnWhatsApp
        panel={whatsappPanel}
        textKey={whatsappTextKey}
        templateKey={whatsappTemplateKey}
        textError={error("whatsapp-text")}
        templateError={error("whatsapp-template")}
      />
    ) : whatsapp ? (
      // A plain form: the new tab gets the redirect to wa.me once the answer is recorded.
      <form method="post" target="_blank" className="space-y-2 rounded-xl border border-border p-4">
        <input type="hidden" name="intent" value="whatsapp" />
        {error("whatsapp")}
        <SubmitButton variant="outline">{text.whatsapp}</SubmitButton>
        <p className="text-xs text-muted-foreground">{text.whatsappHint}</p>
      </form>
    ) : (
      tel && (
        <p className="rounded-xl border border-border p-4 text-sm">
          <a className={buttonVariants({ variant: "outline" })} href={tel}>
            {text.call} {quote.phone}
          </a>
          <span className="mt-2 block text-xs text-muted-foreground">{text.noWhatsapp}</span>
        </p>
      )
    ),
    proof: <SendProofForm error={error("proof")} canEmail={canReply} formKey={proofKey} />,
    status: (
      <Form method="post" className="group/status space-y-3 rounded-xl border border-border p-4">
        <input type="hidden" name="intent" value="status" />
        {error("status")}
        <div className="space-y-2">
          <Label htmlFor="status">{text.status}</Label>
          <NativeSelect key={chosenStatus} id="status" name="status" defaultValue={chosenStatus}>
            {quoteStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabel[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {/* Asked only while Lost is the chosen status. */}
        <div className="hidden space-y-2 group-has-[option[value=lost]:checked]/status:block">
          <Label htmlFor="lostReason">{text.lostReason}</Label>
          <NativeSelect
            id="lostReason"
            name="lostReason"
            defaultValue={lostReasons.find((choice) => quote.statusReason.startsWith(choice)) ?? ""}
          >
            <option value="">{text.lostReasonNone}</option>
            {lostReasons.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-2">
          <Label htmlFor="reason">{text.reason}</Label>
          <Input id="reason" name="reason" maxLength={500} />
        </div>
        <SubmitButton>{text.saveStatus}</SubmitButton>
      </Form>
    ),
    note: (
      <Form method="post" className="space-y-3 rounded-xl border border-border p-4">
        <input type="hidden" name="intent" value="note" />
        {error("note")}
        <div className="space-y-2">
          <Label htmlFor="note">{text.note}</Label>
          <Textarea id="note" name="note" required maxLength={5_000} aria-describedby="note-hint" />
          <p id="note-hint" className="text-xs text-muted-foreground">
            {text.noteHint}
          </p>
        </div>
        <SubmitButton variant="outline">{text.addNote}</SubmitButton>
      </Form>
    ),
  };
  return (
    <>
      <p className="text-sm">
        <a
          href="/desk"
          className="text-primary underline underline-offset-4 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
        >
          ← {text.back}
        </a>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight" dir="auto">
          {quote.name}
          {quote.company ? ` · ${quote.company}` : ""}
        </h1>
        <span className="font-mono text-sm text-slate-700">{quote.reference}</span>
        <StatusBadge status={quote.status} />
        <SourceBadge source={quote.source} />
        <ReplyChannelBadge replyChannel={quote.replyChannel} />
        {quote.waiting && <WaitingBadge waiting={quote.waiting} />}
        {order && (
          <a
            href={`/desk/orders/${order.reference}`}
            className="text-sm font-semibold text-primary underline underline-offset-4 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center"
          >
            {deskText.orders.orderLink(order.reference)} · {order.stage}
          </a>
        )}
      </div>
      {done && (
        <div className="mt-4">
          <DeskNotice tone="ok">{deskDone[done]}</DeskNotice>
        </div>
      )}
      <OwnerPanel quote={quote} owner={owner} error={error("assign") ?? error("take")} />

      {/* On a phone the forms come right after the request, before its history. On a wide screen the
          history's row takes what the forms' column is taller by, so no gap opens above the history. */}
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[3fr_2fr] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 space-y-8">
          <section aria-labelledby="request-heading">
            <h2 id="request-heading" className="sr-only">
              Request
            </h2>
            <h3 className="text-sm font-semibold text-slate-700">{quoteFieldLabel.message}</h3>
            <p className="mt-1 whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm" dir="auto">
              {quote.message}
            </p>
            <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
              {fields
                .filter(([, value]) => value)
                .map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="font-semibold text-slate-700">{label}</dt>
                    {/* A buyer's address or browser may be longer than a phone is wide: it breaks anywhere. */}
                    <dd className="wrap-anywhere" dir={buyersWords.has(label) ? "auto" : undefined}>
                      {label === quoteFieldLabel.email && mailto ? (
                        <a className={linkClass} href={mailto}>
                          {value}
                        </a>
                      ) : label === quoteFieldLabel.phone && tel ? (
                        <a className={linkClass} href={tel}>
                          {value}
                        </a>
                      ) : (
                        value
                      )}
                    </dd>
                  </div>
                ))}
            </dl>
            <CategoryForm category={category} canChange={canCategorise} error={error("category")} />
            {quote.status === "lost" && quote.statusReason && (
              <p className="mt-2 text-sm" dir="auto">
                Lost: {quote.statusReason}
              </p>
            )}
            <details className="mt-4 text-sm">
              <summary className="cursor-pointer font-semibold text-slate-700 pointer-coarse:py-3">
                {text.technical}
              </summary>
              <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
                {technical
                  .filter(([, value]) => value)
                  .map(([label, value]) => (
                    <div key={label} className="contents">
                      <dt className="font-semibold text-slate-700">{label}</dt>
                      <dd className="wrap-anywhere">{value}</dd>
                    </div>
                  ))}
              </dl>
            </details>
          </section>

          {(files.length > 0 || design) && (
            <section aria-labelledby="files-heading">
              <h2 id="files-heading" className="text-lg font-bold">
                {design ? text.design : text.files}
              </h2>
              {design && (
                <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm wrap-anywhere sm:grid-cols-[10rem_1fr]">
                  <dt className="font-semibold text-slate-700">Item</dt>
                  <dd>{itemName(design.itemId)}</dd>
                  <dt className="font-semibold text-slate-700">Text</dt>
                  <dd>{design.text}</dd>
                  <dt className="font-semibold text-slate-700">Colours</dt>
                  <dd>{design.colours.join(", ")}</dd>
                  <dt className="font-semibold text-slate-700">Logo</dt>
                  <dd>
                    {design.logo
                      ? `${design.logo.widthMm} × ${design.logo.heightMm} mm at ${design.logo.xMm}, ${design.logo.yMm} mm`
                      : "none"}
                  </dd>
                  {design.warnings.map((warning) => (
                    <div key={warning} className="contents">
                      <dt className="font-semibold text-slate-700">Warning</dt>
                      <dd>{warning}</dd>
                    </div>
                  ))}
                </dl>
              )}
              <ul className="mt-3 grid gap-4 sm:grid-cols-2">
                {files.map((file) => (
                  <li key={file.role} className="rounded-lg border border-border p-3 text-sm">
                    <img
                      src={`/desk/quotes/${quote.reference}/files/${file.role}`}
                      alt={file.role === "logo" ? "The buyer's logo" : "Mockup of the buyer's design"}
                      className="mx-auto max-h-48 w-auto bg-[repeating-conic-gradient(#f1f5f9_0_25%,#fff_0_50%)] bg-[length:16px_16px]"
                    />
                    <p className="mt-2 wrap-anywhere">
                      <a className="text-primary underline" href={`/desk/quotes/${quote.reference}/files/${file.role}`}>
                        {file.role === "logo" ? "Logo" : "Mockup"}
                      </a>{" "}
                      ({file.mediaType}, {file.kb} KB{file.originalName ? `, sent as “${file.originalName}”` : ""})
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <Conversation entries={thread} reference={quote.reference} />

          <ProofsPanel
            reference={quote.reference}
            proofs={proofs}
            links={links}
            canMarkWon={canMarkWon}
            canEndAllLinks={canEndAllLinks}
            error={error("won")}
          />
        </div>

        <div className="min-w-0 space-y-6 lg:row-span-2">
          {nextActions[quote.status].map((action) => (
            <Fragment key={action}>{actions[action]}</Fragment>
          ))}
        </div>
        <section aria-labelledby="history-heading" className="min-w-0 lg:col-start-1">
          <h2 id="history-heading" className="text-lg font-bold">
            {text.history}
          </h2>
          <ol className="mt-2 space-y-3 border-l-2 border-border pl-4">
            {history.map((event) => (
              <li key={event.id} className="text-sm">
                <p className="text-xs text-slate-600">
                  {event.when} · {event.actor} · {event.kind}
                </p>
                <p className="whitespace-pre-wrap break-words">{event.body}</p>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}

/**
 * The category the reports count the request under, found when it arrived; staff who may set its
 * status correct it here.
 */
function CategoryForm({
  category,
  canChange,
  error,
}: {
  category: RequestCategory;
  canChange: boolean;
  error: ReactNode;
}) {
  const text = deskText.quote;
  if (!canChange)
    return (
      <p className="mt-2 text-sm">
        <span className="font-semibold text-slate-700">{text.category}:</span> {categoryLabel(category)}
      </p>
    );
  return (
    <Form method="post" className="mt-4 space-y-2 rounded-lg border border-border p-3">
      <input type="hidden" name="intent" value="category" />
      {error}
      <Label htmlFor="category">{text.category}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <NativeSelect
          key={category}
          id="category"
          name="category"
          defaultValue={category}
          aria-describedby="category-hint"
          className="sm:w-64"
        >
          {requestCategories.map((value) => (
            <option key={value} value={value}>
              {categoryLabel(value)}
            </option>
          ))}
        </NativeSelect>
        <SubmitButton variant="outline" pendingLabel="Saving…">
          {text.saveCategory}
        </SubmitButton>
      </div>
      <p id="category-hint" className="text-xs text-muted-foreground">
        {text.categoryHint}
      </p>
    </Form>
  );
}

type QuotationsPanelProps = {
  reference: string;
  quotations: Route.ComponentProps["loaderData"]["quotations"];
  draft: boolean;
  next: number;
  accepted: boolean;
  canQuote: boolean;
  /** The duplicate form's own key: the same form sent twice makes one new request. */
  duplicateKey: string;
  error: ReactNode;
};

/** The request's sent quotations, newest last, each with its PDF, and the way to the next one. */
function QuotationsPanel({
  reference,
  quotations,
  draft,
  next,
  accepted,
  canQuote,
  duplicateKey,
  error,
}: QuotationsPanelProps) {
  const text = deskText.quotation;
  const prepare = draft ? text.continueDraft(next) : next === 1 ? text.prepare : text.prepareNext(next);
  return (
    <section aria-labelledby="quotations-heading" className="space-y-3 rounded-xl border border-border p-4">
      <h2 id="quotations-heading" className="text-lg font-bold">
        {text.heading}
      </h2>
      {quotations.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.none}</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {quotations.map((quotation) => (
            <li key={quotation.version} className="grid grid-cols-[1fr_auto] items-baseline gap-x-3">
              <span>
                <span className="font-semibold">{text.title(quotation.version)}</span> · sent {quotation.sent} ·{" "}
                {formatPkr(quotation.total)} ·{" "}
                <span className={quotation.state === "replaced" ? "text-slate-600" : "font-semibold"}>
                  {quotation.stateText}
                </span>
              </span>
              <a className={linkClass} href={quotation.pdf} download>
                {text.pdf}
                <span className="sr-only"> {text.title(quotation.version)}</span>
              </a>
              {quotation.changes && (
                <blockquote className="col-span-2 mt-1 rounded-lg border border-violet-200 bg-violet-50 p-2">
                  <span className="text-slate-600">{text.changesAsked(quotation.changes.at)}</span>{" "}
                  <span className="whitespace-pre-line">{quotation.changes.text}</span>
                </blockquote>
              )}
            </li>
          ))}
        </ul>
      )}
      {accepted ? (
        <p className="text-sm text-muted-foreground">{text.acceptedNote}</p>
      ) : (
        canQuote && (
          <a
            className={buttonVariants({ variant: quotations.length ? "outline" : "default" })}
            href={`/desk/quotes/${reference}/quotation`}
          >
            {prepare}
          </a>
        )
      )}
      {error}
      {canQuote && quotations.length > 0 && (
        <Form method="post" className="space-y-2 border-t border-border pt-3">
          <input type="hidden" name="intent" value="duplicate" />
          <input type="hidden" name="duplicateKey" value={duplicateKey} />
          <p className="text-sm text-muted-foreground">{text.duplicateHint}</p>
          <SubmitButton variant="outline">{text.duplicate}</SubmitButton>
        </Form>
      )}
    </section>
  );
}

type OwnerPanelProps = {
  quote: {
    ownerStaffId: number | null;
    ownerName: string | null;
    replyBy: string | null;
    overdue: boolean;
    /** When it was first answered (Pakistan time): the clock stopped then. */
    answered: string | null;
  };
  owner: { mine: boolean; canAssign: boolean; staff: { id: number; name: string }[] };
  error: React.ReactNode;
};

/** Who has the request and by when it needs its answer, near the top: the first things the office asks. */
function OwnerPanel({ quote, owner, error }: OwnerPanelProps) {
  const text = deskText.quote;
  return (
    <section
      aria-labelledby="owner-heading"
      className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-3 rounded-xl border border-border bg-muted/40 p-4"
    >
      <h2 id="owner-heading" className="sr-only">
        {text.ownerSection}
      </h2>
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <div>
          <dt className="font-semibold text-slate-700">{text.owner}</dt>
          <dd className="text-base font-semibold">{quote.ownerName ?? text.unassigned}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700">{text.replyBy}</dt>
          <dd className="text-base font-semibold">
            {quote.replyBy ?? `${text.answered} ${quote.answered ?? ""}`}
            {quote.overdue && (
              <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-900">{text.overdue}</span>
            )}
          </dd>
        </div>
      </dl>
      {owner.canAssign && (
        <div className="flex flex-wrap items-end gap-3">
          {error && <div className="basis-full">{error}</div>}
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="assign" />
            <div className="space-y-1">
              <Label htmlFor="owner">{text.owner}</Label>
              <NativeSelect id="owner" name="owner" defaultValue={quote.ownerStaffId ?? ""} className="w-auto min-w-40">
                <option value="">{text.nobody}</option>
                {owner.staff.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <SubmitButton variant="outline">{text.assign}</SubmitButton>
          </Form>
          {!owner.mine && (
            <Form method="post">
              <input type="hidden" name="intent" value="take" />
              <SubmitButton>{text.take}</SubmitButton>
            </Form>
          )}
        </div>
      )}
    </section>
  );
}
