import { z } from "zod";
import { proofText } from "~/content/proofs";
import { oneLineText, severalLinesText } from "~/lib/text-fields";
import { proofLimits } from "./rules";

/** The buyer's answer to a proof: one schema for both forms of the proof page. */
export const proofAnswerSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    version: z.coerce.number().int().positive(),
    // Printed on the approval's record and in the mails: one line each, no control or direction characters.
    name: oneLineText(proofText.page.yourName, proofLimits.nameChars, { required: proofText.page.nameNeeded }),
    role: oneLineText(proofText.page.yourRole, proofLimits.roleChars),
  }),
  z.object({
    intent: z.literal("changes"),
    version: z.coerce.number().int().positive(),
    changes: severalLinesText(proofText.page.changes, proofLimits.changesChars, {
      required: proofText.page.changesNeeded,
    }),
  }),
]);
export type ProofAnswer = z.infer<typeof proofAnswerSchema>;
