import { createStore, del, get, set } from "idb-keyval";
import { designSpecSchema } from "./design-schema";
import type { QuoteAttachments } from "./send-quote";

/**
 * How a design travels from the brand studio to the quote form: kept on the buyer's device (IndexedDB,
 * which holds the logo and mockup as blobs, files of megabytes included) until the quote is sent.
 * Nothing here touches the network.
 */

/** A design kept for the quote form: what the request will carry, and the words that name its mockup. */
export type SavedDesign = { attachments: QuoteAttachments; mockupName: string };

const key = "design";
let store: ReturnType<typeof createStore> | undefined;
const designStore = () => (store ??= createStore("brand-studio", "designs"));

export async function saveDesign(design: SavedDesign): Promise<void> {
  await set(key, design, designStore());
}

/** The design the studio kept; null when there is none, or it no longer reads as one. */
export async function loadDesign(): Promise<SavedDesign | null> {
  const saved = (await get<SavedDesign>(key, designStore()).catch(() => undefined)) ?? null;
  if (!saved || typeof saved.mockupName !== "string" || !saved.attachments) return null;
  const { design, logo, mockup } = saved.attachments;
  if (design && !designSpecSchema.safeParse(design).success) return null;
  if ((logo && !(logo instanceof Blob)) || (mockup && !(mockup instanceof Blob))) return null;
  return saved;
}

export async function clearDesign(): Promise<void> {
  await del(key, designStore()).catch(() => {});
}
