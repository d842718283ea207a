import { registerInvoiceMessages } from "~/lib/invoices/messages.server";
import type { OutboxOptions } from "~/lib/messaging/outbox.server";
import type { MessageKinds } from "~/lib/messaging/registry.server";
import { registerOrderMessages } from "~/lib/orders/messages.server";
import { registerPaymentMessages } from "~/lib/payments/messages.server";
import { reminderEmail, staffReminderEmail } from "~/lib/proofs/mail";
import { registerProofMessages } from "~/lib/proofs/messages.server";
import type { ProofDesk } from "~/lib/proofs/proofs.server";
import type { QuotationAnswers } from "~/lib/quotations/acceptance.server";
import { registerQuotationMessages } from "~/lib/quotations/messages.server";
import { registerRequestMessages } from "~/lib/quotes/messages.server";
import type { QuoteStore } from "~/lib/quotes/store.server";

/** Every module's message kinds, each registered by its module with what its templates read. */
export function registerDomainMessages(kinds: MessageKinds, deps: { store: QuoteStore; proofs: ProofDesk }) {
  registerRequestMessages(kinds, deps);
  registerProofMessages(kinds, deps);
  registerQuotationMessages(kinds, deps);
  registerOrderMessages(kinds, deps);
  registerInvoiceMessages(kinds, deps);
  registerPaymentMessages(kinds, deps);
  return kinds;
}

/**
 * What the modules ask of the outbox's rounds: proofs' and quotations' reminders queued before each
 * round, and a link minted for a failed attempt removed (the next attempt carries one again).
 */
export function domainRounds({
  proofs,
  quotationAnswers,
}: {
  proofs: ProofDesk;
  quotationAnswers?: QuotationAnswers;
}): Pick<OutboxOptions, "everyRound" | "attemptFailed"> {
  return {
    everyRound: [
      (now) => proofs.queueReminders({ buyer: reminderEmail, staff: staffReminderEmail }, now),
      ...(quotationAnswers ? [(now: Date) => quotationAnswers.followUp(now)] : []),
    ],
    attemptFailed: (message) => proofs.attemptFailed(message.id),
  };
}
