import { deskStaff } from "~/lib/desk/auth.server";
import type { Route } from "./+types/not-found";

/** An unknown path under /desk: the sign-in page without a session (the layout's middleware), 404 with one. */
export function loader({ context }: Route.LoaderArgs): never {
  deskStaff(context);
  throw new Response("Not found", { status: 404 });
}

export const action = loader;

export default function DeskNotFound() {
  return null;
}
