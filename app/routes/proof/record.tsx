import { data } from "react-router";
import { ProofRecordView } from "~/components/proofs/proof-record-view";
import { openProofLink, proofHeaders, proofRecordData } from "~/lib/proofs/page.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/record";
import { clientIpContext } from "~/lib/request-context";

export const meta: Route.MetaFunction = ({ data: record }) => [
  { title: pageTitle(record ? `Approval record ${record.reference}` : "Approval record") },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];
export const headers: Route.HeadersFunction = () => proofHeaders;

export function loader({ params, context }: Route.LoaderArgs) {
  const service = getQuoteService();
  const quote = openProofLink(params.token, context.get(clientIpContext));
  return data(proofRecordData(service, quote), { headers: proofHeaders });
}

/** The buyer's approval record, by the proof link (the desk shows the same one: desk/proof-record.tsx). */
export default function ProofRecord({ loaderData, params }: Route.ComponentProps) {
  const base = `/proof/${params.token}`;
  return (
    <ProofRecordView
      record={loaderData}
      fileUrl={(version, use) => `${base}/file?v=${version}${use === "inline" ? "&inline" : ""}`}
    />
  );
}
