import { z } from "zod";
import { deskText } from "~/content/desk";
import { firstValues, unknownAction } from "./request-forms";
import { staffRoles } from "./permissions";
import { oneLineText } from "~/lib/text-fields";

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
      // A name is shown in e-mails' headers and the history: no line breaks, control or direction characters.
      name: oneLineText(text.name, 100, { required: text.nameNeeded, tooLong: text.nameTooLong }),
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
