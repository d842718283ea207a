import { Form } from "react-router";
import { DeskNotice } from "~/components/desk/desk-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { quotationPageText as text } from "~/content/quotation-page";
import { useNonce } from "~/lib/csp-nonce";
import { TaxFactsFields } from "~/components/orders/tax-facts-fields";
import { taxFactsFields } from "~/lib/orders/tax-facts-schema";
import type {
  AcceptanceReview,
  AcceptanceView,
  EnteredAcceptance,
  QuotationPage,
  QuotationPostResult,
  TotalsView,
} from "~/lib/quotations/buyer-page.server";
import { buyerAnswerLimits } from "~/lib/quotations/buyer-answer-schema";

/**
 * The total as the buyer picks, in the browser: the same sums and rounding as totals.ts (tax half up
 * once on the whole supply), from the prices the server put in the page. Without it, "Update total"
 * asks the server; the server computes the totals again on accepting whatever this shows.
 */
export const liveTotalScript = `(() => {
  const form = document.getElementById("quotation-form");
  const data = document.getElementById("quotation-prices");
  if (!form || !data) return;
  const prices = JSON.parse(data.textContent);
  const pkr = (paisa) => {
    const whole = Math.abs(paisa), rest = whole % 100;
    return (paisa < 0 ? "-" : "") + "PKR " + Math.floor(whole / 100).toLocaleString("en-US") +
      (rest ? "." + String(rest).padStart(2, "0") : "");
  };
  const update = () => {
    let goods = 0, setup = 0;
    prices.lines.forEach((line, index) => {
      const picked = form.querySelector('input[name="line-' + (index + 1) + '"]:checked');
      const option = line.options[(Number(picked && picked.value) || 1) - 1];
      goods += option.quantity * option.unitPaisa;
      setup += line.setupPaisa;
    });
    const taxable = goods + setup + prices.deliveryPaisa;
    const tax = Math.floor((taxable * prices.taxRateBp + 5000) / 10000);
    const amounts = { goods, setup, delivery: prices.deliveryPaisa, tax, total: taxable + tax };
    for (const [name, paisa] of Object.entries(amounts))
      form.querySelectorAll('[data-amount="' + name + '"]').forEach((cell) => (cell.textContent = pkr(paisa)));
  };
  form.addEventListener("change", update);
  const button = form.querySelector('button[value="totals"]');
  if (button) button.hidden = true;
  update();
})();`;

function Totals({ totals, live }: { totals: TotalsView; live: boolean }) {
  const rows: [string, string, keyof TotalsView][] = [
    [text.goods, totals.goods, "goods"],
    [text.setup, totals.setup, "setup"],
    ...(totals.hasDelivery ? [[text.delivery, totals.delivery, "delivery"] as [string, string, keyof TotalsView]] : []),
    [totals.taxLabel, totals.tax, "tax"],
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm" aria-live={live ? "polite" : undefined}>
      {rows.map(([label, amount, name]) => (
        <div key={name} className="contents">
          <dt>{label}</dt>
          <dd className="pl-4 text-right tabular-nums" data-amount={name}>
            {amount}
          </dd>
        </div>
      ))}
      <div className="contents text-base font-bold">
        <dt className="border-t border-border pt-1">{text.total}</dt>
        <dd className="border-t border-border pt-1 pl-4 text-right tabular-nums" data-amount="total">
          {totals.total}
        </dd>
      </div>
    </dl>
  );
}

/** Each option's own subtotal, set-up, tax and total, side by side where there is room; the recommended one marked. */
function OptionTotals({ options }: { options: QuotationPage["latest"]["optionTotals"] }) {
  return (
    <section aria-labelledby="option-totals-heading" className="@container space-y-2">
      <h2 id="option-totals-heading" className="text-lg font-bold">
        {text.eachOption}
      </h2>
      {/* Three side by side only where each has room for its figures: by the section's width, not the screen's. */}
      <ul className="grid gap-3 @md:grid-cols-2 @3xl:grid-cols-3">
        {options.map((option) => (
          <li
            key={option.title}
            className={
              option.recommended
                ? "rounded-xl border-2 border-primary bg-primary/5 p-4"
                : "rounded-xl border border-border p-4"
            }
          >
            <p className="font-semibold tabular-nums">{option.title}</p>
            {option.recommended && (
              <p className="mt-1 text-sm">
                <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                  {text.recommended}
                </span>{" "}
                {option.recommended}
              </p>
            )}
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1 text-sm">
              <dt>{text.subtotal}</dt>
              <dd className="pl-4 text-right tabular-nums">{option.totals.goods}</dd>
              <dt>{text.setup}</dt>
              <dd className="pl-4 text-right tabular-nums">{option.totals.setup}</dd>
              {option.hasDelivery && (
                <>
                  <dt>{text.delivery}</dt>
                  <dd className="pl-4 text-right tabular-nums">{option.totals.delivery}</dd>
                </>
              )}
              <dt>{option.totals.taxLabel}</dt>
              <dd className="pl-4 text-right tabular-nums">{option.totals.tax}</dd>
              <dt className="border-t border-border pt-1 font-bold">{text.total}</dt>
              <dd className="border-t border-border pt-1 pl-4 text-right font-bold tabular-nums">
                {option.totals.total}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The acceptance record's facts: on the page once accepted, and on the printable record. */
export function AcceptanceFacts({ acceptance }: { acceptance: AcceptanceView }) {
  const facts: [string, string][] = [
    [text.acceptedBy, acceptance.name],
    ...(acceptance.role ? [[text.role, acceptance.role] as [string, string]] : []),
    ...(acceptance.poNumber ? [[text.po, acceptance.poNumber] as [string, string]] : []),
    [text.when, acceptance.at],
  ];
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd dir="auto" className="break-words">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <p className="font-semibold">{text.options}</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {acceptance.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <Totals totals={acceptance.totals} live={false} />
      <p className="break-all text-xs text-muted-foreground">
        {text.fingerprint} (v{acceptance.version}): <span className="font-mono">{acceptance.sha256}</span>
      </p>
    </div>
  );
}

type Failure =
  | {
      intent: string;
      error: string | null;
      review?: AcceptanceReview;
      entered?: EnteredAcceptance;
      taxErrors?: Extract<QuotationPostResult, { intent: string }>["taxErrors"];
    }
  | undefined;

/** The buyer's quotation: the latest version to choose quantities on and accept, or ask changes of. */
export function BuyerQuotation({
  page,
  base,
  failure,
  headingLevel,
}: {
  page: QuotationPage;
  base: string;
  failure: Failure;
  headingLevel: 1 | 2;
}) {
  const nonce = useNonce();
  const { latest, earlier, order } = page;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const open = latest.state === "sent" && !latest.changes;
  // The review step: the choices are fixed (sent again hidden) until the buyer accepts or changes something.
  const review = open ? failure?.review : undefined;
  const asksChanges = open || (latest.state === "expired" && !latest.changes);
  const error = (intent: string) =>
    failure?.intent === intent && failure.error ? <DeskNotice tone="error">{failure.error}</DeskNotice> : null;
  // A refusal whose form is no longer shown (accepted meanwhile, say) is said at the top.
  const formShown = failure && (failure.intent === "quotation-changes" ? asksChanges : open);
  return (
    <section aria-labelledby="quotation-heading" className="space-y-6">
      <div>
        <Heading id="quotation-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {text.title(latest.version, page.reference)}
        </Heading>
        <p className="mt-2 text-sm text-muted-foreground">
          {text.sent(latest.sent)} · <strong className="text-foreground">{text.validUntil(latest.validUntil)}</strong>
        </p>
        {order && <p className="mt-2 rounded-md bg-teal-50 px-3 py-2 font-semibold text-teal-950">{order}</p>}
      </div>
      {failure?.error && !formShown && <DeskNotice tone="error">{failure.error}</DeskNotice>}
      {latest.expired && !latest.changes && failure?.error !== latest.expired && (
        <DeskNotice tone="error">{latest.expired}</DeskNotice>
      )}
      <Form method="post" id="quotation-form" className="space-y-5">
        <input type="hidden" name="version" value={latest.version} />
        <input type="hidden" name="sha256" value={latest.sha256} />
        <ol className="space-y-4">
          {latest.lines.map((line) => (
            <li key={line.position} className="rounded-xl border border-border p-4">
              <fieldset disabled={!open || Boolean(review)}>
                <legend dir="auto" className="font-semibold break-words">
                  {line.what}
                </legend>
                <div className="mt-2 space-y-1">
                  {line.options.map((option) => (
                    <label
                      key={option.position}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 text-sm tabular-nums has-checked:border-2 has-checked:border-primary has-checked:bg-primary/10 has-checked:font-semibold has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-disabled:cursor-default"
                    >
                      <input
                        type="radio"
                        name={`line-${line.position}`}
                        value={option.position}
                        defaultChecked={option.checked}
                        className="size-5 shrink-0 accent-primary focus-visible:outline-none"
                      />
                      {option.label}
                      {option.recommended && (
                        <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                          {text.recommended}
                        </span>
                      )}
                    </label>
                  ))}
                </div>
                {line.setup && <p className="mt-1 text-sm text-muted-foreground">{text.setupOfLine(line.setup)}</p>}
              </fieldset>
            </li>
          ))}
        </ol>
        {latest.optionTotals.length > 0 && !latest.acceptance && <OptionTotals options={latest.optionTotals} />}
        {/* Once accepted, the record below gives the totals as they were recorded. */}
        <div className={latest.acceptance ? "hidden" : "rounded-xl border border-border p-4"}>
          <h2 className="mb-2 text-lg font-bold">{text.yourChoice}</h2>
          <Totals totals={latest.totals} live={open} />
          {open && (
            <Button type="submit" name="intent" value="totals" variant="outline" formNoValidate className="mt-3">
              {text.updateTotal}
            </Button>
          )}
          {error("totals")}
        </div>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{text.leadTime}</dt>
          <dd>{latest.leadTime}</dd>
          <dt className="font-semibold">{text.paymentTerms}</dt>
          <dd>{latest.paymentTerms}</dd>
          {latest.note && (
            <>
              <dt className="font-semibold">{text.note}</dt>
              <dd dir="auto" className="whitespace-pre-wrap break-words">
                {latest.note}
              </dd>
            </>
          )}
        </dl>
        {review && <AcceptReview review={review} reference={page.reference} choices={latest.choices} />}
        {open && !review && (
          <div className="space-y-3 rounded-xl border border-border p-4">
            <h2 className="text-lg font-bold">{text.accept}</h2>
            <p className="text-sm text-muted-foreground">{text.acceptIntroReview}</p>
            {error("accept")}
            {error("review")}
            <div className="space-y-2">
              <Label htmlFor="name">{text.yourName}</Label>
              <Input
                id="name"
                name="name"
                required
                maxLength={buyerAnswerLimits.nameChars}
                autoComplete="name"
                dir="auto"
                defaultValue={failure?.entered?.name}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="role">
                {text.yourRole} <span className="font-normal text-muted-foreground">{text.optional}</span>
              </Label>
              <Input
                id="role"
                name="role"
                maxLength={buyerAnswerLimits.roleChars}
                autoComplete="organization-title"
                dir="auto"
                defaultValue={failure?.entered?.role}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="po">
                {text.poNumber} <span className="font-normal text-muted-foreground">{text.optional}</span>
              </Label>
              <Input
                id="po"
                name="poNumber"
                maxLength={buyerAnswerLimits.poChars}
                dir="auto"
                defaultValue={failure?.entered?.poNumber}
              />
            </div>
            <fieldset className="space-y-3 border-t border-border pt-3">
              <legend className="float-left w-full pt-3 text-base font-bold">
                {text.taxTitle} <span className="font-normal text-muted-foreground">{text.optional}</span>
              </legend>
              <p className="clear-left text-sm text-muted-foreground">{text.taxIntro}</p>
              <TaxFactsFields idPrefix="tax" values={failure?.entered?.taxFacts} errors={failure?.taxErrors} />
            </fieldset>
            <Button type="submit" name="intent" value="review">
              {text.reviewButton}
            </Button>
          </div>
        )}
      </Form>
      {open && (
        <>
          <script
            type="application/json"
            id="quotation-prices"
            dangerouslySetInnerHTML={{ __html: JSON.stringify(latest.prices) }}
          />
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: liveTotalScript }} />
        </>
      )}
      {latest.acceptance && (
        <div className="space-y-3 rounded-xl border border-teal-300 bg-teal-50/40 p-4">
          <h2 className="text-lg font-bold">{text.accepted}</h2>
          <AcceptanceFacts acceptance={latest.acceptance} />
          <p className="text-sm">
            <a className="font-semibold text-primary underline" href={`${base}/acceptance`}>
              {text.recordLink}
            </a>
            {" · "}
            <a className="font-semibold text-primary underline" href={`${base}/acceptance/pdf`} download>
              {text.recordPdf}
            </a>
          </p>
        </div>
      )}
      {latest.changes && (
        <div className="space-y-2 rounded-xl border border-border p-4 text-sm">
          <p className="font-semibold">{text.changesAsked(latest.changes.at)}</p>
          <p dir="auto" className="whitespace-pre-wrap break-words">
            {latest.changes.text}
          </p>
          <p>{text.changesNote}</p>
        </div>
      )}
      {asksChanges && (
        <Form method="post" className="space-y-3 rounded-xl border border-border p-4">
          <h2 className="text-lg font-bold">{text.askChanges}</h2>
          <input type="hidden" name="intent" value="quotation-changes" />
          <input type="hidden" name="version" value={latest.version} />
          {error("quotation-changes")}
          <div className="space-y-2">
            <Label htmlFor="quotation-changes">{text.whatChange}</Label>
            <Textarea
              id="quotation-changes"
              name="changes"
              required
              maxLength={buyerAnswerLimits.changesChars}
              dir="auto"
            />
          </div>
          <Button type="submit" variant="outline">
            {text.sendChanges}
          </Button>
        </Form>
      )}
      {earlier.length > 0 && (
        <section aria-labelledby="quotation-history-heading">
          <h2 id="quotation-history-heading" className="text-lg font-bold">
            {text.earlier}
          </h2>
          <ul className="mt-2 space-y-2 text-sm">
            {earlier.map((version) => (
              <li key={version.version} className="rounded-lg border border-border p-3">
                <p>
                  <span className="font-semibold">v{version.version}</span> · {text.sent(version.sent)} ·{" "}
                  <span className="font-semibold">{version.replacedBy}</span>
                </p>
                {version.changes && (
                  <p dir="auto" className="mt-1 whitespace-pre-wrap break-words text-muted-foreground">
                    {version.changes}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

/**
 * The review before the final "Accept": what will be recorded, in plain words, with the typed details
 * and the choices sent again hidden, and a way back to change them. A plain form post, with or without script.
 */
function AcceptReview({
  review,
  reference,
  choices,
}: {
  review: AcceptanceReview;
  reference: string;
  choices: number[];
}) {
  return (
    <section
      aria-labelledby="review-heading"
      className="space-y-3 rounded-xl border-2 border-primary bg-primary/5 p-4 text-sm"
    >
      <h2 id="review-heading" className="text-lg font-bold" tabIndex={-1}>
        {text.reviewHeading}
      </h2>
      <p>{text.reviewIntro(review.version, reference)}</p>
      <ul className="list-disc space-y-1 pl-5">
        {review.lines.map((line) => (
          <li key={line} dir="auto" className="break-words">
            {line}
          </li>
        ))}
      </ul>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{text.reviewTotal(review.taxLabel)}</dt>
        <dd className="text-base font-bold tabular-nums">{review.total}</dd>
        <dt className="font-semibold">{text.reviewPo}</dt>
        <dd dir="auto" className="break-words">
          {review.poNumber || text.reviewNoPo}
        </dd>
        <dt className="font-semibold">{text.reviewBy}</dt>
        <dd dir="auto" className="break-words">
          {[review.name, review.role].filter(Boolean).join(", ")}
        </dd>
        <dt className="font-semibold">{text.reviewTax}</dt>
        <dd dir="auto" className="break-words">
          {review.taxFacts
            ? review.taxFacts.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))
            : text.reviewNoTax}
        </dd>
      </dl>
      <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 font-semibold text-amber-950">
        {text.reviewFinal}
      </p>
      {choices.map((choice, index) => (
        <input key={index} type="hidden" name={`line-${index + 1}`} value={choice} />
      ))}
      <input type="hidden" name="name" value={review.name} />
      <input type="hidden" name="role" value={review.role} />
      <input type="hidden" name="poNumber" value={review.poNumber} />
      {review.taxFacts &&
        taxFactsFields.map((field) => (
          <input key={field} type="hidden" name={field} value={review.taxFacts!.values[field]} />
        ))}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="accept">
          {text.acceptFinal}
        </Button>
        <Button type="submit" name="intent" value="totals" variant="outline" formNoValidate>
          {text.changeSomething}
        </Button>
      </div>
    </section>
  );
}
