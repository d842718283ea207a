import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse } from "react-router";
import { errorDetail } from "~/components/layout/status-screens";
import { buttonVariants } from "~/components/ui/button";

/** Why the server refused: the words it answered with (which say what to do), else the status. */
const refusal = (error: unknown) =>
  isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : errorDetail(error);

/**
 * A desk page that could not be shown, in the desk's frame: what went wrong and one way back (the
 * inbox when signed in, the sign-in page before). The desk's own words, not the website's 404.
 */
export function DeskErrorScreen({ error, back }: { error: unknown; back: { href: string; label: string } }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="max-w-xl">
      <p className="font-mono text-sm font-semibold text-slate-600">
        {isRouteErrorResponse(error) ? error.status : "Error"}
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">{notFound ? "Not found" : "This did not work"}</h1>
      <p className="mt-3 break-words text-slate-700">
        {notFound ? "There is no such page on the desk." : refusal(error)}
      </p>
      <a href={back.href} className={buttonVariants({ variant: "outline", className: "mt-6" })}>
        <ArrowLeft aria-hidden="true" />
        {back.label}
      </a>
    </section>
  );
}
