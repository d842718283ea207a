import { deskHeaders, requireStaff } from "~/lib/desk/auth.server";
import type { Route } from "./+types/desk-not-found";

/** An unknown path under /desk: the sign-in page without a session, 404 with one. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  throw new Response("Not found", { status: 404, headers: deskHeaders });
}

export const action = loader;

export default function DeskNotFound() {
  return null;
}
