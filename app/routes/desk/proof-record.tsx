import { data } from "react-router";
import { ProofRecordView } from "~/components/proofs/proof-record-view";
import { deskText } from "~/content/desk";
import { requirePermission, takesNoForm } from "~/lib/desk/auth.server";
import { deskMeta } from "~/lib/desk/meta";
import { proofRecordData } from "~/lib/proofs/page.server";
import { quotationForRecord } from "~/lib/quotations/desk.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/proof-record";

export const meta: Route.MetaFunction = ({ params }) => deskMeta(`Approval record ${params.reference}`);

/**
 * The buyer's approval record on the desk, for a session: staff have no proof link (tokens are kept
 * hashed only), so the same record is shown here with the desk's own file route.
 */
export function loader({ context, params }: Route.LoaderArgs) {
  requirePermission(context, "requests.read");
  const service = getQuoteService();
  const quote = service.store.byReference(params.reference);
  if (!quote || !service.proofs.latest(quote.id)) throw data("Not found", { status: 404 });
  // The quotation's lines only once one is sent: before that the record is the buyer's, word for word.
  const quotation = quotationForRecord(service, quote);
  return { ...proofRecordData(service, quote), ...(quotation.quotation ? quotation : {}) };
}

export const action = takesNoForm;

export default function DeskProofRecord({ loaderData }: Route.ComponentProps) {
  const { reference } = loaderData;
  return (
    <>
      <p className="text-sm print:hidden">
        <a href={`/desk/quotes/${reference}`} className="text-primary underline underline-offset-4">
          ← {reference}
        </a>{" "}
        ·{" "}
        <a href="/desk" className="text-primary underline underline-offset-4">
          {deskText.quote.back}
        </a>
      </p>
      <ProofRecordView record={loaderData} fileUrl={(version) => `/desk/quotes/${reference}/proofs/${version}`} />
    </>
  );
}
