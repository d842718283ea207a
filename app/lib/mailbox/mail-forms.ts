import { z } from "zod";
import { deskText } from "~/content/desk";
import { firstValues, unknownAction } from "~/lib/desk/request-forms";
import { referencePattern } from "~/lib/request-reference";

const text = deskText.mailPage;

const mailId = z.coerce
  .number({ error: text.idNeeded })
  .int(text.idNeeded)
  .positive(text.idNeeded)
  .max(2 ** 53, text.idNeeded);

/** The forms of Unmatched mail, told apart by their `intent`: one schema for the browser and the server. */
export const mailFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("attach"),
      id: mailId,
      reference: z
        .string({ error: text.referenceNeeded })
        .trim()
        .toUpperCase()
        .max(20, text.referenceNeeded)
        .regex(referencePattern, text.referenceNeeded),
    }),
    z.object({ intent: z.literal("discard"), id: mailId }),
  ],
  { error: unknownAction },
);

export type MailForm = z.infer<typeof mailFormSchema>;

/** The form read by its intent's schema, or the first thing wrong with it, as the page says it. */
export function readMailForm(form: FormData): { ok: true; form: MailForm } | { ok: false; error: string } {
  const parsed = mailFormSchema.safeParse(firstValues(form));
  if (parsed.success) return { ok: true, form: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? unknownAction };
}
