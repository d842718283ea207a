import { Outlet } from "react-router";
import { DeskErrorScreen } from "~/components/desk/desk-error";
import { DeskContent, DeskFrame } from "~/components/desk/desk-frame";
import { deskSession, deskStaff, takesNoForm } from "~/lib/desk/auth.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/layout";

/**
 * Every page, file and export under /desk sits in this layout: its middleware checks the session
 * before any of their loaders or actions runs, and makes every answer private (deskHeaders). Its pages
 * are drawn in the desk's frame, with the signed-in member in the header (their errors: pages.tsx).
 */
export const middleware: Route.MiddlewareFunction[] = [deskSession];

export const handle = { frame: "desk" } satisfies RouteHandle;

export function loader({ context }: Route.LoaderArgs) {
  const { name, role } = deskStaff(context);
  // One count over the unanswered rows' index, for the header of every page.
  const service = getQuoteService();
  return { member: { name, role }, overdue: service.store.overdueCount(), lateOrders: service.orders.lateCount() };
}

export const action = takesNoForm;

export default function DeskLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DeskFrame member={loaderData.member} overdue={loaderData.overdue} lateOrders={loaderData.lateOrders}>
      <DeskContent>
        <Outlet />
      </DeskContent>
    </DeskFrame>
  );
}

/** The layout's own loader failed (its pages' errors show in pages.tsx): the frame without the member. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DeskFrame>
      <DeskContent>
        <DeskErrorScreen error={error} back={{ href: "/desk", label: "Back to the desk" }} />
      </DeskContent>
    </DeskFrame>
  );
}
