import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { ContactDetails } from "~/components/quote/contact-details";
import { QuoteForm } from "~/components/quote/quote-form";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { contactHero, quoteForm } from "~/content/contact";
import { handleQuoteForm } from "~/lib/quotes/http.server";
import { sentFromAnotherSite } from "~/lib/same-origin.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { RouteHandle } from "~/lib/route-handle";
import { sendQuoteAttempt } from "~/lib/send-quote";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/contact";

/** The head is built on the server: a page that hydrates would otherwise carry the SEO code in its script. */
export function loader() {
  return {
    meta: seo({
      title: "Request a Quote",
      description:
        "Request a quote for custom promotional products. Tell us what you need and we reply within 24 business hours. Office in Lahore, Pakistan.",
      keywords: ["request a quote promotional products", "contact Lahore promotional products"],
      path: "/contact",
      breadcrumbs: [{ name: "Contact", path: "/contact" }],
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** The form checks and sends a request without reloading the page, and retries it when the network fails. */
export const handle = { hydrate: true } satisfies RouteHandle;

/** Every quote request, sent with or without JavaScript (see handleQuoteForm). */
export async function action({ request, context }: Route.ActionArgs) {
  // Other origins are refused by React Router; an opaque origin (`Origin: null`) is left to us.
  if (sentFromAnotherSite(request))
    throw data("Quote requests can only be sent from this site.", {
      status: 403,
      headers: { "Cache-Control": "no-store" },
    });
  const { result, status, headers } = await handleQuoteForm(request, context, getQuoteService());
  // The answer shows what the buyer sent: no cache keeps it.
  return data(result, { status, headers: { ...headers, "Cache-Control": "no-store" } });
}

/** With JavaScript: the browser's checks, then one attempt at the action (see sendQuoteAttempt). */
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  sendQuoteAttempt(request, serverAction);

/** A quote request changes nothing the page loaded (its head): no reload of it after one. */
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod ? false : defaultShouldRevalidate;

/** A refused request says when to try again (Retry-After). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export default function Page({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={contactHero.eyebrow} title={contactHero.title} lead={contactHero.lead} />
      <Section tone="muted">
        <div className="grid items-start gap-8 lg:grid-cols-3">
          <div className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-8 lg:col-span-2">
            <h2 className="text-xl font-bold tracking-tight">{quoteForm.title}</h2>
            <div className="mt-4">
              <QuoteForm serverResult={actionData} />
            </div>
          </div>
          <ContactDetails />
        </div>
      </Section>
    </>
  );
}
