import { isRouteErrorResponse, Outlet } from "react-router";
import { DeskErrorScreen } from "~/components/desk/desk-error";
import { DeskContent, DeskFrame } from "~/components/desk/desk-frame";
import { deskText } from "~/content/desk";
import { deskSession, deskStaff, takesNoForm } from "~/lib/desk/auth.server";
import { deskMeta } from "~/lib/desk/meta";
import { keepErrorHeaders } from "~/lib/error-headers";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/layout";

/**
 * Every page, file and export under /desk sits in this layout: its middleware checks the session
 * before any of their loaders or actions runs, and makes every answer private (deskHeaders).
 */
export const middleware: Route.MiddlewareFunction[] = [deskSession];

export const handle = { frame: "desk" } satisfies RouteHandle;

export const headers = keepErrorHeaders;

/** Only a page this layout's boundary shows an error on uses this: every desk page has a meta of its own. */
export const meta: Route.MetaFunction = ({ error }) =>
  deskMeta(isRouteErrorResponse(error) && error.status === 404 ? "Not found" : "Error");

export function loader({ context }: Route.LoaderArgs) {
  const { name, role } = deskStaff(context);
  return { member: { name, role } };
}

export const action = takesNoForm;

export default function DeskLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DeskFrame member={loaderData.member}>
      <DeskContent>
        <Outlet />
      </DeskContent>
    </DeskFrame>
  );
}

/** A request, file or page that is not there (404) or not allowed (403), in the desk's frame. */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <DeskFrame member={loaderData?.member}>
      <DeskContent>
        <DeskErrorScreen error={error} back={{ href: "/desk", label: deskText.quote.back }} />
      </DeskContent>
    </DeskFrame>
  );
}
