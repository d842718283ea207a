import { data, Form, redirect } from "react-router";
import { DeskCard, DeskNotice } from "~/components/desk/desk-card";
import { SubmitButton } from "~/components/desk/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { deskText } from "~/content/desk";
import { deskHeaders, requireSameOrigin, safeNext, signIn, takeSetupEmail } from "~/lib/desk/auth.server";
import { deskMeta } from "~/lib/desk/meta";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/sign-in";
import { clientIpContext } from "~/lib/request-context";

export const meta: Route.MetaFunction = () => deskMeta(deskText.signIn.submit);
// The loader's Set-Cookie (clearing the e-mail the set-up page handed on) goes out with the page.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(deskHeaders);
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Straight after choosing a password, the account's e-mail is filled in.
  const setup = await takeSetupEmail(request);
  return data(
    { setupDone: url.searchParams.get("setup") === "done", email: setup.email },
    { headers: setup.clear ? { ...deskHeaders, "Set-Cookie": setup.clear } : deskHeaders },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const result = await signIn(
    request,
    context.get(clientIpContext),
    { email: text("email"), password: text("password") },
    getQuoteService(),
  );
  if (!result.ok) {
    return data(
      { error: result.message, email: text("email").slice(0, 254) },
      { status: result.status, headers: deskHeaders },
    );
  }
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  throw redirect(next, { headers: { ...deskHeaders, "Set-Cookie": result.cookie } });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const text = deskText.signIn;
  return (
    <DeskCard title={text.title}>
      <Form method="post" className="space-y-5">
        {loaderData.setupDone && !actionData && <DeskNotice tone="ok">{text.setupDone}</DeskNotice>}
        {actionData?.error && <DeskNotice tone="error">{actionData.error}</DeskNotice>}
        <div className="space-y-2">
          <Label htmlFor="email">{text.email}</Label>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={actionData?.email ?? loaderData.email ?? undefined}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="password">{text.password}</Label>
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <SubmitButton size="lg" className="w-full" pendingLabel={deskText.pending.signingIn}>
          {text.submit}
        </SubmitButton>
      </Form>
    </DeskCard>
  );
}
