import { MutationObserver } from "@tanstack/react-query";
import { toast } from "sonner";
import { quoteNotices } from "~/content/contact";
import { quoteAnswers } from "~/content/quote-answers";
import { uploadLimits } from "~/lib/upload-rules";
import { createQueryClient } from "~/lib/query-client";
import { missingRequiredFields, type QuoteFields } from "~/lib/quote-schema";
import { fallbackTextFor } from "~/lib/quote-text";
import { type QuotePayload, QuoteRejectedError, sendQuote } from "~/lib/send-quote";

/*
 * What happens when the quote form is submitted: the shared zod schema (the browser's required-field
 * check), react-query with the data layer's retry policy, sonner's toasts, and the brand studio's
 * design attached to the request. The form loads this
 * chunk with import() when it is first focused or submitted, so the page's first view stays small.
 */

export { Toaster } from "~/components/ui/sonner";
export { default as DesignAttachment } from "./design-attachment";
export { newIdempotencyKey } from "~/lib/idempotency";

/** How a submission ended, for the form to show: toasts are already up. */
export type SubmitOutcome =
  | { status: "sent" }
  | { status: "missing"; fields: string[] }
  | { status: "failed"; title: string; message: string; fields: string[]; fallbackText?: string };

/** What the form adds to its fields for the server. */
export type SubmitExtras = Omit<QuotePayload, keyof QuoteFields>;

/**
 * Sends quote requests through one react-query client (one per page visit): network failures and
 * 5xx answers are retried with the same payload, and so the same idempotency key
 * (app/lib/query-client.ts holds the retry policy).
 */
function createQuoteSender() {
  const observer = new MutationObserver(createQueryClient(), {
    mutationFn: (payload: QuotePayload) => sendQuote(payload),
  });
  return (payload: QuotePayload) => observer.mutate(payload);
}

/**
 * Checks, sends and announces one submission at a time. A request the server turned down keeps its
 * fields; one that could not be sent (or was rate-limited) also offers its text for WhatsApp or e-mail.
 */
export function createQuoteSubmitter(send = createQuoteSender()) {
  return async (values: QuoteFields, extras: SubmitExtras): Promise<SubmitOutcome> => {
    const missing = missingRequiredFields(values);
    if (missing.length) return announceMissing(missing);
    // Said before sending: the server would refuse it, after the whole file had gone up.
    if ((extras.attachments?.logo?.size ?? 0) > uploadLimits.logoBytes) {
      const { title, description } = quoteAnswers.logoTooLarge;
      toast.error(title, { description });
      return { status: "failed", title, message: description, fields: [] };
    }
    try {
      const answer = await send({ ...values, ...extras });
      toast.success(answer.title, { description: answer.message });
      return { status: "sent" };
    } catch (error) {
      const rejected = error instanceof QuoteRejectedError ? error.error : null;
      if (rejected?.code === "missing") return announceMissing(rejected.fields ?? []);
      const title = rejected?.title ?? quoteAnswers.failed.title;
      const message = rejected?.message ?? quoteAnswers.failed.description;
      const fallbackText = fallbackTextFor(values, rejected?.code ?? null);
      toast.error(title, {
        description: fallbackText ? "You can also send it by WhatsApp or e-mail (links below the form)." : message,
      });
      return { status: "failed", title, message, fields: rejected?.fields ?? [], fallbackText };
    }
  };
}

function announceMissing(fields: string[]): SubmitOutcome {
  toast.error(quoteNotices.missing.title, { description: quoteNotices.missing.description });
  return { status: "missing", fields };
}

export type QuoteSubmitKit = typeof import("./quote-submit");
