import { isRouteErrorResponse, Outlet } from "react-router";
import { DeskErrorScreen } from "~/components/desk/desk-error";
import { deskText } from "~/content/desk";
import { deskMeta } from "~/lib/desk/meta";
import { keepErrorHeaders } from "~/lib/error-headers";
import type { Route } from "./+types/pages";

/**
 * Every signed-in desk page, under a layout with no path of its own: its boundary shows a page's error
 * (a request not found, a form refused) inside the desk's frame with the member in its header. The
 * boundary sits below the desk layout, not on it, because after a failed form React Router skips the
 * loader of the route whose boundary shows the error, and the frame would lose the member's name.
 */
export const headers = keepErrorHeaders;

/** Only an error screen uses this: every desk page has a meta of its own. */
export const meta: Route.MetaFunction = ({ error }) =>
  deskMeta(isRouteErrorResponse(error) && error.status === 404 ? "Not found" : "Error");

export default function DeskPages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorScreen error={error} back={{ href: "/desk", label: deskText.quote.back }} />;
}
