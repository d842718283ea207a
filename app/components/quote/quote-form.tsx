import { CheckCircle2, CircleAlert, Mail, MessageCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { mailtoUrl, whatsappUrl } from "~/content/business";
import { type QuoteFieldName, quoteFields, quoteForm, quoteLogoField, quoteNotices } from "~/content/contact";
import type { QuoteAttachments } from "~/lib/send-quote";
import type { QuoteFormResult } from "~/lib/quote-api";
import type { QuoteFields } from "~/lib/quote-schema";
import { emptyQuote, fallbackTextFor } from "~/lib/quote-text";
import { designFields, logoTypes } from "~/lib/upload-rules";
import { cn } from "~/lib/utils";
import type { QuoteSubmitKit, SubmitOutcome } from "./quote-submit";

type Notice = {
  tone: "success" | "error";
  title: string;
  message: string;
  /** Offer the WhatsApp / e-mail fallback with this text. */
  fallbackText?: string;
  /** true: shown on the page that came back from a form post (no JavaScript). */
  fromServer?: boolean;
};

const HONEYPOT = "website";

const LOGO_FIELD = designFields.logo;
const LOGO_ACCEPT = logoTypes.join(",");

const inputProps: Record<QuoteFieldName, React.ComponentProps<"input">> = {
  name: { autoComplete: "name" },
  company: { autoComplete: "organization" },
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", autoComplete: "tel" },
  product: { autoComplete: "off" },
  message: {},
};

let kitLoading: Promise<QuoteSubmitKit> | null = null;

/** The submit machinery (zod schema, react-query, sonner), fetched once per page visit. */
function loadSubmitKit(): Promise<QuoteSubmitKit> {
  kitLoading ??= import("./quote-submit").catch((error: unknown) => {
    kitLoading = null; // let the next attempt fetch it again
    throw error;
  });
  return kitLoading;
}

/**
 * The quote request form. It is a real form posting to /contact (multipart, so a logo can go with it),
 * so it works without JavaScript;
 * with JavaScript it sends the same post without a page reload and reads the answer as JSON, retrying
 * network failures and 5xx answers with the same idempotency key (app/lib/query-client.ts holds the
 * retry policy).
 * The first view carries only the fields and their state: the submit machinery (./quote-submit.ts)
 * is loaded when the form is first focused, so it is ready by the time it is submitted.
 */
export function QuoteForm({ result }: { result?: QuoteFormResult }) {
  const [values, setValues] = useState<QuoteFields>(result?.status === "error" ? result.values : emptyQuote);
  const [invalid, setInvalid] = useState<string[]>(result?.status === "error" ? result.fields : []);
  const [notice, setNotice] = useState<Notice | null>(
    result ? { ...noticeFromResult(result), fromServer: true } : null,
  );
  const [pending, setPending] = useState(false);
  const [kit, setKit] = useState<QuoteSubmitKit | null>(null);
  const [design, setDesign] = useState<QuoteAttachments | null>(null);
  const submit = useRef<ReturnType<QuoteSubmitKit["createQuoteSubmitter"]> | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [searchParams] = useSearchParams();
  // Marks the form once React drives it (the browser journeys wait for it before typing).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // On a slow phone a visitor may type before React drives the fields. React leaves what they typed
    // on screen but not in its state, and would wipe it on the next render: take it in, in the same render.
    const typed = formRef.current && fieldValues(formRef.current);
    if (typed)
      setValues((current) => (quoteFields.some(({ name }) => typed[name] !== current[name]) ? typed : current));
  }, []);

  // ?product=… fills "Products of interest" once the page has hydrated (the prerendered page is
  // the same for every URL, so it cannot carry the value itself).
  const productParam = searchParams.get("product");
  useEffect(() => {
    if (productParam)
      setValues((current) => (current.product ? current : { ...current, product: productParam.slice(0, 500) }));
  }, [productParam]);

  // A design from the brand studio (/contact?design=1) is shown and sent with the request: its code
  // comes with the submit machinery, fetched at once then.
  const withDesign = searchParams.has("design");
  useEffect(() => {
    if (withDesign) prepare();
  }, [withDesign]);

  function prepare() {
    if (!kit) loadSubmitKit().then(setKit, () => {}); // a failed fetch is retried on submit
  }

  function update(name: QuoteFieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    if (invalid.includes(name)) setInvalid((fields) => fields.filter((field) => field !== name));
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const posted = new FormData(form);
    const sent = values;
    setPending(true);
    let loaded: QuoteSubmitKit;
    try {
      loaded = kit ?? (await loadSubmitKit());
    } catch {
      // The submit machinery could not be fetched: post the form the plain way instead.
      return form.submit();
    }
    setKit(loaded);
    submit.current ??= loaded.createQuoteSubmitter();
    // Kept until the request goes through, so a retry of the same content is recognised as one.
    idempotencyKey.current ??= loaded.newIdempotencyKey();
    setNotice(null);
    let outcome: SubmitOutcome;
    try {
      outcome = await submit.current(sent, {
        idempotencyKey: idempotencyKey.current,
        page: location.pathname + location.search,
        website: String(posted.get(HONEYPOT) ?? ""),
        // A design from the studio brings its own logo; otherwise the file chosen here (none chosen: an
        // empty File, which is not sent).
        attachments: { ...design, logo: design?.logo ?? (posted.get(LOGO_FIELD) as File) },
      });
    } finally {
      setPending(false);
    }
    if (outcome.status === "sent") {
      idempotencyKey.current = null;
      form.reset(); // the file input, which has no state here
      setValues(emptyQuote);
      setInvalid([]);
      setDesign(null);
      return;
    }
    setInvalid(outcome.fields);
    if (outcome.status === "missing") {
      setNotice({ tone: "error", title: quoteNotices.missing.title, message: quoteNotices.missing.description });
      formRef.current?.querySelector<HTMLElement>(`[name="${outcome.fields[0]}"]`)?.focus();
      return;
    }
    setNotice({ tone: "error", title: outcome.title, message: outcome.message, fallbackText: outcome.fallbackText });
  }

  // On the JavaScript path, success and "missing" are toasts only; failures also stay on the page
  // with the WhatsApp / e-mail fallback. After a plain form post every notice is shown inline.
  const inline = notice && (notice.fromServer || notice.fallbackText) ? notice : null;

  return (
    <>
      <form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        action="/contact#quote-form"
        id="quote-form"
        onSubmit={onSubmit}
        onFocus={prepare}
        // Changed content (a field, the logo) is a new request: the next submission gets a new key.
        onChange={() => (idempotencyKey.current = null)}
        aria-describedby="quote-form-intro"
        data-hydrated={hydrated || undefined}
        className="space-y-5"
      >
        <p id="quote-form-intro" className="text-sm text-muted-foreground">
          {quoteForm.intro}
        </p>
        {inline?.fromServer && <InlineNotice notice={inline} />}
        <div className="grid gap-5 sm:grid-cols-2">
          {quoteFields.map((field) => {
            const id = `quote-${field.name}`;
            const common = {
              id,
              name: field.name,
              required: field.required,
              placeholder: field.placeholder,
              value: values[field.name],
              "aria-invalid": invalid.includes(field.name) || undefined,
            };
            return (
              <div
                key={field.name}
                className={cn("space-y-2", (field.name === "message" || field.name === "product") && "sm:col-span-2")}
              >
                <Label htmlFor={id}>
                  {field.label}
                  {field.required && (
                    <span aria-hidden="true" className="text-destructive">
                      {" "}
                      *
                    </span>
                  )}
                </Label>
                {field.name === "message" ? (
                  <Textarea {...common} rows={6} onChange={(event) => update(field.name, event.target.value)} />
                ) : (
                  <Input
                    {...common}
                    {...inputProps[field.name]}
                    onChange={(event) => update(field.name, event.target.value)}
                  />
                )}
              </div>
            );
          })}
        </div>
        <div className="space-y-2">
          <Label htmlFor="quote-logo">{quoteLogoField.label}</Label>
          <Input
            id="quote-logo"
            type="file"
            name={LOGO_FIELD}
            accept={LOGO_ACCEPT}
            aria-describedby="quote-logo-hint"
          />
          <p id="quote-logo-hint" className="text-sm text-muted-foreground">
            {quoteLogoField.hint}
          </p>
        </div>
        {/* Honeypot: hidden from people and assistive technology; bots that fill every field fill it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
          <label htmlFor="quote-website">Website</label>
          <input id="quote-website" type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {withDesign && kit && <kit.DesignAttachment attachments={design} onChange={setDesign} />}
        {inline && !inline.fromServer && <InlineNotice notice={inline} />}
        <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
          {pending ? quoteForm.submitting : quoteForm.submit}
        </Button>
      </form>
      {kit && <kit.Toaster />}
    </>
  );
}

/** What the quote fields hold on screen. */
function fieldValues(form: HTMLFormElement): QuoteFields {
  const data = new FormData(form);
  return Object.fromEntries(quoteFields.map(({ name }) => [name, String(data.get(name) ?? "")])) as QuoteFields;
}

function noticeFromResult(result: QuoteFormResult): Notice {
  if (result.status === "success") return { tone: "success", title: result.title, message: result.message };
  return {
    tone: "error",
    title: result.title,
    message: result.message,
    fallbackText: fallbackTextFor(result.values, result.code),
  };
}

function InlineNotice({ notice }: { notice: Notice }) {
  const Icon = notice.tone === "success" ? CheckCircle2 : CircleAlert;
  return (
    <div
      role={notice.tone === "success" ? "status" : "alert"}
      className={cn(
        "flex gap-3 rounded-lg border p-4 text-sm",
        notice.tone === "success"
          ? "border-teal-200 bg-secondary text-secondary-foreground"
          : "border-red-200 bg-red-50 text-destructive",
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-1">
        <p className="font-semibold">{notice.title}</p>
        <p>{notice.message}</p>
        {notice.fallbackText && (
          <div className="flex flex-wrap gap-x-5 gap-y-2 pt-2 font-semibold">
            <a
              href={whatsappUrl(notice.fallbackText)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 underline underline-offset-4"
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              {quoteNotices.whatsapp}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a
              href={mailtoUrl("Quote request", notice.fallbackText)}
              className="inline-flex items-center gap-1.5 underline underline-offset-4"
            >
              <Mail aria-hidden="true" className="size-4" />
              {quoteNotices.email}
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
