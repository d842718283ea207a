import { z } from "zod";
import { deskText } from "~/content/desk";
import { proofText } from "~/content/proofs";
import type { Permission } from "~/lib/desk/permissions";
import { proofLimits } from "~/lib/proofs/rules";
import { requestCategories } from "~/lib/quotes/request-categories";
import { lostReasons, quoteStatuses } from "~/lib/requests/status";
import { oneLine, severalLines } from "~/lib/text-fields";

/** What each of the request page's forms asks for, and the permission the member's role must hold. */
export const intentPermission = {
  status: "requests.status",
  category: "requests.status",
  note: "requests.note",
  assign: "requests.assign",
  take: "requests.assign",
  reply: "requests.reply",
  whatsapp: "requests.reply",
  "whatsapp-text": "requests.reply",
  "whatsapp-template": "requests.reply",
  proof: "proofs.send",
  "end-link": "proofs.end-links",
  "end-all-links": "proofs.end-links",
  won: "proofs.mark-won",
  duplicate: "quotations.send",
} as const satisfies Record<string, Permission>;

export type RequestIntent = keyof typeof intentPermission;

export const unknownAction = "Unknown action.";

/**
 * An optional one-line field: missing is blank, spaces around it dropped, anything past its length cut;
 * a control or text-direction character is refused, naming the field.
 */
const text = (label: string, max: number) =>
  z
    .string()
    .check(oneLine(label))
    .optional()
    .transform((value = "") => value.trim().slice(0, max));

/** An optional several-line field: of the control characters only line breaks and tabs are kept. */
const lines = (max: number) =>
  z
    .string()
    .check(severalLines())
    .optional()
    .transform((value = "") => value.trim().slice(0, max));

/** A several-line field that must say something. */
const filledText = (max: number, message: string) =>
  z
    .string({ error: message })
    .check(severalLines())
    .trim()
    .min(1, message)
    .transform((value) => value.slice(0, max));

const chooseProof = "Choose a proof file.";
const reloadForReply = "Reload the page and send the reply again.";
const reloadForDuplicate = "Reload the page and duplicate again.";
const reloadForWhatsApp = "Reload the page and send it again.";
const reloadForProof = "This form is out of date: reload the page and send the proof again.";

/** The longest text WhatsApp takes in one message. */
export const WHATSAPP_TEXT_CHARS = 4_096;

/** The key a page renders with its form: the same form sent twice sends once. */
const formKey = (reload: string) =>
  z
    .string({ error: reload })
    .trim()
    .regex(/^[0-9a-f-]{36}$/, reload);

/** One schema per form of the request page, told apart by its `intent`. */
export const requestFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("status"),
      status: z.enum(quoteStatuses, { error: "Choose a status." }),
      // Only a Lost status reads these: the reason from the list, then any details.
      lostReason: z.preprocess(
        (value) => (value === "" ? undefined : value),
        z.enum(lostReasons, { error: deskText.quote.reasonNeeded }).optional(),
      ),
      reason: text(deskText.quote.reason, 500),
    }),
    z.object({
      intent: z.literal("category"),
      category: z.enum(requestCategories, { error: deskText.quote.chooseCategory }),
    }),
    z.object({
      intent: z.literal("note"),
      note: filledText(5_000, deskText.quote.empty),
    }),
    z.object({
      intent: z.literal("assign"),
      // A staff member's id, or "" for nobody; whether the id is a member's the store checks.
      owner: z
        .string({ error: deskText.quote.chooseOwner })
        .trim()
        .regex(/^\d{0,9}$/, deskText.quote.chooseOwner)
        .transform((value) => (value === "" ? null : Number(value)))
        .refine((value) => value === null || value > 0, deskText.quote.chooseOwner),
    }),
    z.object({ intent: z.literal("take") }),
    z.object({
      intent: z.literal("reply"),
      reply: filledText(20_000, deskText.quote.empty),
      // The key the page rendered with its form: the same form sent twice queues one reply.
      replyKey: z
        .string({ error: reloadForReply })
        .trim()
        .regex(/^[0-9a-f-]{36}$/, reloadForReply),
    }),
    z.object({ intent: z.literal("whatsapp") }),
    z.object({
      intent: z.literal("whatsapp-text"),
      whatsappText: filledText(WHATSAPP_TEXT_CHARS, deskText.quote.empty),
      whatsappKey: formKey(reloadForWhatsApp),
    }),
    z.object({
      intent: z.literal("whatsapp-template"),
      // The kinds are the modules' (the messaging registry); the server checks the one chosen.
      template: z
        .string({ error: deskText.whatsapp.chooseTemplate })
        .trim()
        .regex(/^[a-z][a-z0-9-]{0,39}$/, deskText.whatsapp.chooseTemplate),
      templateKey: formKey(reloadForWhatsApp),
    }),
    z.object({
      intent: z.literal("proof"),
      proof: z
        .instanceof(File, { error: chooseProof })
        .refine((file) => file.size > 0, chooseProof)
        .refine((file) => file.size <= proofLimits.fileBytes, proofText.desk.tooLarge),
      message: lines(proofLimits.messageChars),
      // The page always sends one; a post without it (a script) sends the proof as before.
      proofKey: formKey(reloadForProof).optional(),
    }),
    z.object({
      intent: z.literal("end-link"),
      // The page sends the link's id; anything else names no link of this request.
      link: z.coerce.number({ error: "No such link." }).int("No such link.").positive("No such link."),
    }),
    z.object({ intent: z.literal("end-all-links") }),
    z.object({ intent: z.literal("won") }),
    z.object({
      intent: z.literal("duplicate"),
      // The key the page rendered with its form: the same form sent twice makes one new request.
      duplicateKey: z
        .string({ error: reloadForDuplicate })
        .trim()
        .regex(/^[0-9a-f-]{36}$/, reloadForDuplicate),
    }),
  ],
  { error: unknownAction },
);

export type RequestForm = z.infer<typeof requestFormSchema>;

/** Each field's first value, as `FormData.get` reads it (a field sent twice is read once). */
export const firstValues = (form: FormData) =>
  Object.fromEntries([...new Set(form.keys())].map((name) => [name, form.get(name)]));

/** The form's intent, if it is one the page has: read before the rest so that the role is checked first. */
export function requestIntent(form: FormData): RequestIntent | null {
  const intent = form.get("intent");
  return typeof intent === "string" && Object.hasOwn(intentPermission, intent) ? (intent as RequestIntent) : null;
}

/** The form read by its intent's schema, or the first thing wrong with it, as the page says it. */
export function readRequestForm(form: FormData): { ok: true; form: RequestForm } | { ok: false; error: string } {
  const parsed = requestFormSchema.safeParse(firstValues(form));
  if (parsed.success) return { ok: true, form: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? unknownAction };
}
