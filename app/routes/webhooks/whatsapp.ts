import { getQuoteService } from "~/lib/quotes/service.server";
import { answerVerification, answerWebhookPost } from "~/lib/whatsapp/webhook.server";
import type { Route } from "./+types/whatsapp";

/**
 * Meta's WhatsApp webhook: no session and no same-origin check (Meta posts from its servers), each post
 * proven Meta's by its signature instead (app/lib/whatsapp/webhook.server.ts). 404 while WhatsApp is off.
 */
export function loader({ request }: Route.LoaderArgs) {
  return answerVerification(new URL(request.url), getQuoteService().whatsapp);
}

export function action({ request }: Route.ActionArgs) {
  return answerWebhookPost(request, getQuoteService().whatsapp);
}
