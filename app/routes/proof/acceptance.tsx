import { data } from "react-router";
import { AcceptanceFacts } from "~/components/quotations/buyer-quotation";
import { quotationPageText as text } from "~/content/quotation-page";
import { openProofLink, proofHeaders } from "~/lib/proofs/page.server";
import { acceptanceRecord } from "~/lib/quotations/buyer-page.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import { clientIpContext } from "~/lib/request-context";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/acceptance";

export const meta: Route.MetaFunction = ({ data: record }) => [
  { title: pageTitle(record ? text.recordTitle(record.order) : "Acceptance record") },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];
export const headers: Route.HeadersFunction = () => proofHeaders;

export function loader({ params, context }: Route.LoaderArgs) {
  const service = getQuoteService();
  const quote = openProofLink(params.token, context.get(clientIpContext));
  const record = acceptanceRecord(service.quotationAnswers, quote);
  if (!record) throw data("Not found", { status: 404, headers: proofHeaders });
  return data(record, { headers: proofHeaders });
}

/** The buyer's acceptance of a quotation, to print or keep: who, when, what they chose, the totals and the hash. */
export default function AcceptanceRecord({ loaderData, params }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12 print:py-0">
      <p className="text-sm print:hidden">
        <a className="font-semibold text-primary underline" href={`/proof/${params.token}`}>
          {text.title(loaderData.version, loaderData.reference)}
        </a>
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{text.recordTitle(loaderData.order)}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{text.title(loaderData.version, loaderData.reference)}</p>
      <div className="mt-6">
        <AcceptanceFacts acceptance={loaderData} />
      </div>
      <p className="mt-6 text-sm print:hidden">
        <a className="font-semibold text-primary underline" href={`/proof/${params.token}/acceptance/pdf`} download>
          {text.recordPdf}
        </a>
      </p>
    </div>
  );
}
