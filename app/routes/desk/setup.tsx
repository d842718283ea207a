import { data, Form, redirect } from "react-router";
import { DeskCard, DeskNotice } from "~/components/desk/desk-card";
import { SubmitButton } from "~/components/desk/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { deskText } from "~/content/desk";
import { deskHeaders, rememberSetupEmail, requireSameOrigin } from "~/lib/desk/auth.server";
import { deskMeta } from "~/lib/desk/meta";
import { MIN_PASSWORD_LENGTH } from "~/lib/desk/password-rule";
import { hashPassword, passwordProblem } from "~/lib/desk/passwords.server";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => deskMeta(deskText.setup.title);
export const headers: Route.HeadersFunction = () => deskHeaders;

/** The set-up link itself: an unknown, used or expired token shows the same page, 404. */
export function loader({ params }: Route.LoaderArgs) {
  const owner = getQuoteService().staff.setupTokenOwner(params.token);
  return data({ name: owner?.name ?? null }, { status: owner ? 200 : 404, headers: deskHeaders });
}

export async function action({ request, params }: Route.ActionArgs) {
  requireSameOrigin(request);
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  const repeat = String(form.get("repeat") ?? "");
  const staff = getQuoteService().staff;
  if (!staff.setupTokenOwner(params.token)) {
    return data({ error: deskText.setup.expired }, { status: 404, headers: deskHeaders });
  }
  const problem = passwordProblem(password, repeat);
  if (problem) return data({ error: problem }, { status: 400, headers: deskHeaders });
  const owner = staff.usePasswordToken(params.token, await hashPassword(password));
  if (!owner) return data({ error: deskText.setup.expired }, { status: 404, headers: deskHeaders });
  throw redirect("/desk/sign-in?setup=done", {
    headers: { ...deskHeaders, "Set-Cookie": await rememberSetupEmail(request, owner.email) },
  });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const text = deskText.setup;
  if (!loaderData.name) {
    return (
      <DeskCard title={text.title}>
        <DeskNotice tone="error">{text.expired}</DeskNotice>
      </DeskCard>
    );
  }
  return (
    <DeskCard title={text.title}>
      <Form method="post" className="space-y-5">
        <p className="text-sm text-muted-foreground">
          {loaderData.name}: {text.lead}
        </p>
        {actionData?.error && <DeskNotice tone="error">{actionData.error}</DeskNotice>}
        <div className="space-y-2">
          <Label htmlFor="password">{text.password}</Label>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            required
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="repeat">{text.repeat}</Label>
          <Input
            id="repeat"
            name="repeat"
            type="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            required
          />
        </div>
        <SubmitButton size="lg" className="w-full" pendingLabel={deskText.pending.saving}>
          {text.submit}
        </SubmitButton>
      </Form>
    </DeskCard>
  );
}
