import { redirect } from "react-router";
import { deskHeaders, requireSameOrigin, signOut } from "~/lib/desk/auth.server";
import type { Route } from "./+types/sign-out";

/** Signing out ends the session on the server, not only the cookie. */
export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  throw redirect("/desk/sign-in", { headers: { ...deskHeaders, "Set-Cookie": await signOut(request) } });
}

export function loader() {
  throw redirect("/desk", { headers: deskHeaders });
}
