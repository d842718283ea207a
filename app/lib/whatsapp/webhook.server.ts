import { validSignature, webhookChallenge } from "./signature.server";
import type { WhatsAppConfig, WhatsAppEvent } from "./types";
import { MAX_WEBHOOK_BYTES, readWebhook } from "./webhook-payload";

// Meta's side of /webhooks/whatsapp (app/routes/webhooks/whatsapp.ts): the subscription's verification,
// and each signed post read into events for the inbound workflow. Nothing of a post is parsed before its
// signature over the raw bytes is found to be Meta's.

/** What the route needs of the service: WhatsApp's settings and the inbound workflow. */
export type WhatsAppWebhook = {
  config: Pick<WhatsAppConfig, "appSecret" | "verifyToken" | "phoneNumberId">;
  receive(events: readonly WhatsAppEvent[]): Promise<unknown>;
  log?: (line: string) => void;
};

const plain = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });

/** WhatsApp is not configured: the address does not exist, as for any other unknown one. */
const notHere = () => plain(404, "Not found");

/**
 * The GET Meta sends when the webhook is set up: `hub.mode` "subscribe" with the verify token typed
 * into the app's settings (compared in constant time) is answered with `hub.challenge` as plain text,
 * anything else with 403.
 */
export function answerVerification(url: URL, webhook: WhatsAppWebhook | null): Response {
  if (!webhook) return notHere();
  const challenge = webhookChallenge(url.searchParams, webhook.config.verifyToken);
  return challenge === null ? plain(403, "Forbidden") : plain(200, challenge);
}

/** The body's bytes, or null as soon as there are more than `max` (nothing more of it is read). */
async function boundedBody(request: Request, max: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > max) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A webhook post: its raw body read within Meta's size, its X-Hub-Signature-256 checked against the app
 * secret before anything is parsed (unsigned or wrongly signed: 401, nothing stored), then its events
 * stored. 200 once they are stored (a body that is Meta's but not a webhook this app reads too: sending
 * it again would not help); 500 when storing failed, so Meta delivers it again (nothing is stored twice).
 */
export async function answerWebhookPost(request: Request, webhook: WhatsAppWebhook | null): Promise<Response> {
  if (!webhook) return notHere();
  const log = webhook.log ?? console.warn;
  const body = await boundedBody(request, MAX_WEBHOOK_BYTES);
  if (body === null) return plain(413, "Too large");
  if (!validSignature(body, request.headers.get("x-hub-signature-256"), webhook.config.appSecret))
    return plain(401, "Not signed by Meta");
  const reading = readWebhook(body, webhook.config.phoneNumberId);
  if (!reading.ok) {
    log(`A WhatsApp webhook was signed but not read: ${reading.problem}`);
    return plain(200, "OK");
  }
  for (const skipped of reading.skipped) log(`A WhatsApp webhook's item was left out: ${skipped}`);
  try {
    await webhook.receive(reading.events);
  } catch (error) {
    log(
      `A WhatsApp webhook could not be stored (Meta sends it again): ${error instanceof Error ? error.message : String(error)}`,
    );
    return plain(500, "Not stored; send it again");
  }
  return plain(200, "OK");
}
