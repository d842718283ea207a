import { CheckCircle2, CircleAlert, Mail, MessageCircle, Phone } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { business, mailtoUrl, telUrl, whatsappUrl } from "~/content/business";
import { quoteConfirmation as text, quoteNotices } from "~/content/contact";
import type { QuoteAttempt, QuoteFormResult } from "~/lib/quote-api";
import { fallbackTextFor } from "~/lib/quote-text";
import { cn } from "~/lib/utils";

const fallbackClass =
  "inline-flex h-10 items-center gap-2 rounded-md border border-red-200 bg-white px-3 font-semibold hover:bg-red-100 pointer-coarse:h-11";
const linkClass =
  "inline-flex items-center gap-1.5 font-semibold underline underline-offset-4 pointer-coarse:min-h-11 hover:no-underline";

/*
 * Both notices take the focus when they appear, so a screen reader reads them and a phone scrolls to
 * them: after a form post as the page loads (autofocus), with JavaScript when the answer comes (React
 * focuses only form controls itself). They are the form's own outcome, not a surprise.
 */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** A request turned down or not sent: the server's words, and its text for WhatsApp or e-mail when it could not be sent. */
export function QuoteErrorNotice({ result }: { result: Extract<QuoteAttempt, { status: "error" }> }) {
  const fallbackText = fallbackTextFor(result.values, result.code);
  return (
    <div
      ref={focusOnMount}
      role="alert"
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- see above
      autoFocus
      className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-destructive outline-none focus-visible:outline-2 focus-visible:outline-destructive"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{result.title}</p>
        <p>{result.message}</p>
        {fallbackText && (
          <div className="flex flex-wrap gap-2 pt-2">
            <a href={whatsappUrl(fallbackText)} target="_blank" rel="noopener noreferrer" className={fallbackClass}>
              <MessageCircle aria-hidden="true" className="size-4" />
              {quoteNotices.whatsapp}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a href={mailtoUrl("Quote request", fallbackText)} className={fallbackClass}>
              <Mail aria-hidden="true" className="size-4" />
              {quoteNotices.email}
            </a>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * What stays in the form's place once a request is through: the spec's notice, the reference the
 * server gave it, what happens next, the direct lines, and a way back to an empty form (`onAnother`
 * with JavaScript; without, the page loaded anew).
 */
export function QuoteConfirmation({
  result,
  onAnother,
}: {
  result: Extract<QuoteFormResult, { status: "success" }>;
  onAnother?: () => void;
}) {
  const anotherClass = cn(buttonVariants({ variant: "outline" }), "pointer-coarse:h-11 w-full sm:w-auto");
  return (
    <div
      ref={focusOnMount}
      id="quote-form"
      role="status"
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- see above
      autoFocus
      className="space-y-6 rounded-lg border border-teal-200 bg-secondary p-4 text-secondary-foreground outline-none focus-visible:outline-2 focus-visible:outline-ring sm:p-6"
    >
      <div className="flex gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
        <div className="min-w-0 space-y-1">
          <p className="text-lg leading-snug font-bold tracking-tight text-foreground">{result.title}</p>
          <p>{result.message}</p>
          {result.reference && (
            <p className="pt-1">
              {text.reference}{" "}
              <strong className="font-mono text-base text-foreground whitespace-nowrap">{result.reference}</strong>
            </p>
          )}
          {result.replyBy && <p>{text.replyBy(result.replyBy)}</p>}
        </div>
      </div>
      <div className="space-y-2 text-sm">
        <p className="font-semibold text-foreground">{text.nextTitle}</p>
        <ol className="list-decimal space-y-1 pl-5 marker:font-semibold marker:text-primary">
          {text.next.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <div className="space-y-1 text-sm">
        <p>{text.direct}</p>
        <div className="flex flex-wrap gap-x-6 gap-y-1 text-primary">
          <a href={whatsappUrl()} target="_blank" rel="noopener noreferrer" className={linkClass}>
            <MessageCircle aria-hidden="true" className="size-4" />
            {text.whatsapp}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <a href={telUrl} className={linkClass}>
            <Phone aria-hidden="true" className="size-4" />
            {business.phone.display}
          </a>
        </div>
      </div>
      {onAnother ? (
        <button type="button" onClick={onAnother} className={anotherClass}>
          {text.another}
        </button>
      ) : (
        // After a form post the page's URL is the form's: a link to it would only scroll. A GET loads it anew.
        <form method="get" action="/contact#quote-form">
          <button type="submit" className={anotherClass}>
            {text.another}
          </button>
        </form>
      )}
    </div>
  );
}
