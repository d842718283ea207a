import { isRouteErrorResponse, Outlet } from "react-router";
import { DeskErrorScreen } from "~/components/desk/desk-error";
import { DeskContent, DeskFrame } from "~/components/desk/desk-frame";
import { deskText } from "~/content/desk";
import { deskMeta } from "~/lib/desk/meta";
import { keepErrorHeaders } from "~/lib/error-headers";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/signed-out-layout";

/** The desk's pages before signing in (sign-in, set-up): the desk's frame with the business's name alone. */
export const handle = { frame: "desk" } satisfies RouteHandle;

export const headers = keepErrorHeaders;

/** Only an error screen uses this: each page has a meta of its own. */
export const meta: Route.MetaFunction = ({ error }) =>
  deskMeta(isRouteErrorResponse(error) && error.status === 404 ? "Not found" : "Error");

export default function SignedOutLayout() {
  return (
    <DeskFrame>
      <Outlet />
    </DeskFrame>
  );
}

/** A form refused (sent from another site, 403) or failed, in the desk's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DeskFrame>
      <DeskContent>
        <DeskErrorScreen error={error} back={{ href: "/desk/sign-in", label: deskText.signIn.submit }} />
      </DeskContent>
    </DeskFrame>
  );
}
