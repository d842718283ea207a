import { z } from "zod";
import { proofText } from "~/content/proofs";
import { proofLimits } from "./rules";

/** The buyer's answer to a proof: one schema for both forms of the proof page. */
export const proofAnswerSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    version: z.coerce.number().int().positive(),
    name: z.string().trim().min(1, proofText.page.nameNeeded).max(proofLimits.nameChars),
    role: z.string().trim().max(proofLimits.roleChars).default(""),
  }),
  z.object({
    intent: z.literal("changes"),
    version: z.coerce.number().int().positive(),
    changes: z.string().trim().min(1, proofText.page.changesNeeded).max(proofLimits.changesChars),
  }),
]);
export type ProofAnswer = z.infer<typeof proofAnswerSchema>;
