import { z } from "zod";
import { deskText } from "~/content/desk";
import { firstValues, unknownAction } from "./request-forms";
import { staffRoles } from "./permissions";

const text = deskText.staffPage;

const address = z
  .string({ error: text.emailNeeded })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: text.emailNeeded }).max(254, text.emailNeeded));

/** One schema per form of the Staff page, told apart by its `intent`. */
export const staffFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add"),
      name: z
        .string({ error: text.nameNeeded })
        .trim()
        .min(1, text.nameNeeded)
        .max(100, text.nameTooLong)
        // A name is shown in e-mails' headers and the history: no line breaks or control characters.
        .regex(/^[^\p{Cc}]+$/u, text.nameNeeded),
      email: address,
      role: z.enum(staffRoles, { error: text.roleNeeded }),
    }),
    z.object({ intent: z.literal("reset"), email: address }),
    z.object({ intent: z.literal("remove"), email: address }),
  ],
  { error: unknownAction },
);

export type StaffForm = z.infer<typeof staffFormSchema>;

/** The form read by its intent's schema, or the first thing wrong with it, as the page says it. */
export function readStaffForm(form: FormData): { ok: true; form: StaffForm } | { ok: false; error: string } {
  const parsed = staffFormSchema.safeParse(firstValues(form));
  if (parsed.success) return { ok: true, form: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? unknownAction };
}
