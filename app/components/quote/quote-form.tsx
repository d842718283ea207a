import { CheckCircle2 } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { type FetcherSubmitOptions, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { attachedDesignText, quoteFieldText, quoteForm, quoteLogoField } from "~/content/contact";
import { newIdempotencyKey } from "~/lib/idempotency";
import { neededByRange } from "~/lib/needed-by";
import type { QuoteAttempt, QuoteFormResult } from "~/lib/quote-api";
import {
  emptyQuote,
  isRequiredQuoteField,
  type QuoteFieldName,
  quoteFieldNames,
  quotePostFields,
  type QuoteValues,
  REPLY_ON_WHATSAPP,
} from "~/lib/quote-fields";
import { isRetryable, quoteBody } from "~/lib/send-quote";
import { logoTypes } from "~/lib/upload-rules";
import { useHydrated } from "~/lib/use-hydrated";
import { useRetryingFetcher } from "~/lib/use-retrying-fetcher";
import { cn } from "~/lib/utils";
import { QuoteConfirmation, QuoteErrorNotice } from "./quote-notices";
import { type AttachedDesign, useAttachedDesign } from "./use-attached-design";

// Only a buyer who comes from the brand studio sees it.
const DesignAttachment = lazy(() => import("./design-attachment"));

/** Multipart, so a logo and a design's files can go with the text, with or without JavaScript. */
const submitOptions = { method: "post", encType: "multipart/form-data" } as const satisfies FetcherSubmitOptions;

const inputProps: Record<QuoteFieldName, React.ComponentProps<"input">> = {
  name: { autoComplete: "name" },
  company: { autoComplete: "organization" },
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", autoComplete: "tel" },
  replyChannel: { type: "checkbox", value: REPLY_ON_WHATSAPP },
  product: { autoComplete: "off" },
  // The browser holds a value out of range with its own message; the server's check is the same rule.
  quantity: { type: "number", inputMode: "numeric", min: 1, max: 1_000_000, step: 1, autoComplete: "off" },
  neededBy: { type: "date", autoComplete: "off" },
  message: {},
};

/** Side by side on wider screens; the rest of the form takes a whole row each, the first four in pairs. */
const halfRow = new Set<QuoteFieldName>(["name", "company", "email", "phone", "quantity", "neededBy"]);

/** Controls at least 44 px tall on touch screens. */
const touchHeight = "pointer-coarse:h-11";

/**
 * The quote request form, posting to the /contact action. Without JavaScript (or before React has
 * hydrated the page) it is a plain multipart form post, and the page that comes back shows the answer.
 * With JavaScript the form's fetcher sends it through the route's clientAction, which checks it and
 * makes one attempt; the fetcher sends the same body again, with the same idempotency key, while the
 * answer is retryable (app/lib/use-retrying-fetcher.ts). A request that went through leaves a
 * confirmation in the form's place until the buyer asks for an empty form again.
 */
export function QuoteForm({ serverResult }: { serverResult?: QuoteFormResult }) {
  const sender = useRetryingFetcher<QuoteAttempt>(submitOptions, isRetryable);
  const [another, setAnother] = useState(false);
  // The answer of a form post (without JavaScript) until the fetcher has sent a request of its own.
  const result = sender.used ? sender.answer : another ? undefined : serverResult;

  if (result?.status === "success") {
    const onAnother = () => {
      setAnother(true);
      sender.reset();
    };
    return (
      <QuoteConfirmation key={sender.submission} result={result} onAnother={sender.used ? onAnother : undefined} />
    );
  }
  return (
    <QuoteRequestForm
      sender={sender}
      error={result}
      defaults={!another && serverResult?.status === "error" ? serverResult.values : emptyQuote}
      focusFirstField={another}
    />
  );
}

function QuoteRequestForm({
  sender,
  error,
  defaults,
  focusFirstField,
}: {
  sender: ReturnType<typeof useRetryingFetcher<QuoteAttempt>>;
  error: Extract<QuoteAttempt, { status: "error" }> | undefined;
  defaults: QuoteValues;
  focusFirstField: boolean;
}) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  // The prerendered page is the same for every query string: what it asks for waits for hydration.
  const product = hydrated ? searchParams.get("product") : null;
  const { design, remove } = useAttachedDesign(hydrated && searchParams.has("design"));
  // The prerendered page cannot know today: the date field's range comes with hydration.
  const dates = hydrated ? neededByRange() : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  // One key per request, kept across its retries and resubmissions until its content changes.
  const idempotencyKey = useRef<string | null>(null);

  // Fields the buyer has edited since the answer that marked them.
  const [edited, setEdited] = useState<{ after?: QuoteAttempt; fields: string[] }>({ fields: [] });
  const invalid = error?.fields.filter((name) => edited.after !== error || !edited.fields.includes(name)) ?? [];

  // The fields are the browser's own (uncontrolled): what a visitor types before React drives the
  // page stays. A product named in the link, and a design's summary, fill a field only while it is empty.
  useEffect(() => {
    fillIfEmpty(formRef.current, "product", product);
  }, [product]);
  useEffect(() => {
    fillIfEmpty(formRef.current, "message", design && designSummary(design));
  }, [design]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sender.busy) return;
    idempotencyKey.current ??= newIdempotencyKey();
    const body = quoteBody(new FormData(event.currentTarget), {
      idempotencyKey: idempotencyKey.current,
      page: location.pathname + location.search,
      attachments: design?.attachments,
    });
    sender.send(body);
  }

  function onChange(event: React.FormEvent<HTMLFormElement>) {
    idempotencyKey.current = null; // changed content is another request
    const target = (event.target as HTMLInputElement).name;
    // Unticking "Reply on WhatsApp" drops its rule on the phone: the phone is no longer marked.
    const name = target === "replyChannel" ? "phone" : target;
    if (invalid.includes(name))
      setEdited({ after: error, fields: [...(edited.after === error ? edited.fields : []), name] });
  }

  function removeDesign() {
    idempotencyKey.current = null;
    remove();
  }

  const logoFromDesign = design?.attachments.logo;
  return (
    <sender.Form
      ref={formRef}
      id="quote-form"
      method="post"
      encType="multipart/form-data"
      // No #fragment: a page opened at one skips autofocus, and the answer's notice takes the focus.
      action="/contact"
      onSubmit={onSubmit}
      onChange={onChange}
      aria-describedby="quote-form-intro"
      aria-busy={sender.busy || undefined}
      data-hydrated={hydrated || undefined}
      className="space-y-5"
    >
      <p id="quote-form-intro" className="text-sm text-muted-foreground">
        {quoteForm.intro}
      </p>
      {error && <QuoteErrorNotice key={sender.submission} result={error} />}
      {design && (
        <Suspense>
          <DesignAttachment design={design} onRemove={removeDesign} />
        </Suspense>
      )}
      {/* On touch screens the labels are 44 px tall themselves: less space between a field and the next. */}
      <div className="grid gap-5 pointer-coarse:gap-y-2 sm:grid-cols-2">
        {quoteFieldNames.map((name, index) => {
          const id = `quote-${name}`;
          if (name === "replyChannel")
            return <ReplyOnWhatsApp key={name} id={id} defaultChecked={defaults.replyChannel === REPLY_ON_WHATSAPP} />;
          const required = isRequiredQuoteField(name);
          const hint = quoteFieldText[name].hint;
          // The phone's own problem (not a number WhatsApp reaches) is said under it too.
          const problem =
            name === "phone" && error?.code === "invalid_whatsapp_phone" && invalid.includes(name)
              ? error.message
              : undefined;
          const common = {
            id,
            name,
            required,
            placeholder: quoteFieldText[name].placeholder || undefined,
            "aria-describedby":
              [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(" ") || undefined,
            defaultValue: defaults[name],
            "aria-invalid": invalid.includes(name) || undefined,
            // Back to an empty form after a request went through: its first field, ready to type.
            autoFocus: focusFirstField && index === 0,
          };
          return (
            <div key={name} className={cn("space-y-2", !halfRow.has(name) && "sm:col-span-2")}>
              <Label htmlFor={id} className="pointer-coarse:flex pointer-coarse:min-h-11 pointer-coarse:items-end">
                {quoteFieldText[name].label}
                {required && (
                  <span aria-hidden="true" className="text-destructive">
                    &nbsp;*
                  </span>
                )}
              </Label>
              {name === "message" ? (
                <Textarea {...common} rows={6} />
              ) : (
                <Input
                  {...common}
                  {...inputProps[name]}
                  {...(name === "neededBy" && dates ? { min: dates.earliest, max: dates.latest } : {})}
                  className={touchHeight}
                />
              )}
              {hint && (
                <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                  {hint}
                </p>
              )}
              {problem && (
                <p id={`${id}-problem`} className="text-sm font-medium text-destructive">
                  {problem}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="space-y-2">
        {logoFromDesign ? (
          <>
            <p className="text-sm font-medium">{quoteLogoField.label}</p>
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {quoteLogoField.fromDesign(fileName(logoFromDesign))}
            </p>
          </>
        ) : (
          <>
            <Label
              htmlFor="quote-logo"
              className="pointer-coarse:flex pointer-coarse:min-h-11 pointer-coarse:items-end"
            >
              {quoteLogoField.label}
            </Label>
            <Input
              id="quote-logo"
              type="file"
              name={quotePostFields.logo}
              accept={logoTypes.join(",")}
              aria-describedby="quote-logo-hint"
              className={cn(
                touchHeight,
                "py-1.5 file:mr-3 file:h-full file:rounded file:bg-muted file:px-3 file:font-medium",
              )}
            />
            <p id="quote-logo-hint" className="text-sm text-muted-foreground">
              {quoteLogoField.hint}
            </p>
          </>
        )}
      </div>
      {/* Honeypot: hidden from people and assistive technology; bots that fill every field fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor="quote-website">Website</label>
        <input
          id="quote-website"
          type="text"
          name={quotePostFields.honeypot}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <Button type="submit" size="lg" disabled={sender.busy} className="w-full sm:w-auto">
        {sender.busy ? quoteForm.submitting : quoteForm.submit}
      </Button>
    </sender.Form>
  );
}

/**
 * "Reply on WhatsApp", under e-mail and phone: a plain checkbox, so it posts with or without JavaScript.
 * Ticked, the buyer is answered on WhatsApp too and the phone must be a number WhatsApp reaches.
 */
function ReplyOnWhatsApp({ id, defaultChecked }: { id: string; defaultChecked: boolean }) {
  const { label, hint } = quoteFieldText.replyChannel;
  return (
    <div className="space-y-1 sm:col-span-2">
      <Label htmlFor={id} className="flex w-fit cursor-pointer items-center gap-3 pointer-coarse:min-h-11">
        <input
          id={id}
          name="replyChannel"
          {...inputProps.replyChannel}
          defaultChecked={defaultChecked}
          aria-describedby={`${id}-hint`}
          className="size-5 shrink-0 cursor-pointer accent-primary"
        />
        {label}
      </Label>
      {/* In line with the label's words, past the box. */}
      <p id={`${id}-hint`} className="pl-8 text-sm text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

function fillIfEmpty(form: HTMLFormElement | null, name: QuoteFieldName, value: string | null) {
  const field = form?.elements.namedItem(name);
  if (value && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && !field.value.trim())
    field.value = value;
}

function designSummary({ itemTitle, attachments }: AttachedDesign) {
  return attachedDesignText.summary({
    item: itemTitle || "item",
    name: attachments.design?.text.trim() ?? "",
    colours: attachments.design?.colours ?? [],
    logo: !!attachments.logo,
  });
}

const fileName = (logo: Blob & { name?: string }) => logo.name || "logo";
