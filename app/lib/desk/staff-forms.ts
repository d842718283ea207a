import { z } from "zod";
import { deskText } from "~/content/desk";
import { firstValues, unknownAction } from "./request-forms";
import { type StaffSwitch, staffRoles } from "./permissions";
import { oneLineText } from "~/lib/text-fields";
import { missingOnceKey, onceKeyField, onceKeyPattern } from "~/lib/once/key";

const text = deskText.staffPage;

const address = z
  .string({ error: text.emailNeeded })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: text.emailNeeded }).max(254, text.emailNeeded));

/** A switch's checkbox: sent ("on") when ticked, absent when not. */
const ticked = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

/** What staff may do, as the owners' form sets it: one checkbox per switch, and the form's one-time key. */
const switchesForm = z.object({
  intent: z.literal("switches"),
  [onceKeyField]: z.string({ error: missingOnceKey }).regex(onceKeyPattern, missingOnceKey),
  ...({
    "invoices.issue": ticked,
    "payments.reverse": ticked,
    "requests.export": ticked,
  } satisfies Record<StaffSwitch, typeof ticked>),
});

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
    switchesForm,
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
