import { Form, Outlet } from "react-router";
import { Button } from "~/components/ui/button";
import { deskText } from "~/content/desk";
import { deskSession, deskStaff, takesNoForm } from "~/lib/desk/auth.server";
import type { Route } from "./+types/layout";

/**
 * Every page, file and export under /desk sits in this layout: its middleware checks the session
 * before any of their loaders or actions runs, and makes every answer private (deskHeaders).
 */
export const middleware: Route.MiddlewareFunction[] = [deskSession];

export function loader({ context }: Route.LoaderArgs) {
  return { name: deskStaff(context).name };
}

export const action = takesNoForm;

export default function DeskLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-border pb-4 print:hidden">
        <p className="text-sm font-semibold">
          <a href="/desk" className="underline-offset-4 hover:underline">
            {deskText.title}
          </a>
          <span className="font-normal text-muted-foreground"> · {loaderData.name}</span>
        </p>
        <Form method="post" action="/desk/sign-out">
          <Button type="submit" variant="outline" size="sm">
            {deskText.signOut}
          </Button>
        </Form>
      </div>
      <Outlet />
    </div>
  );
}
