import { data, Form, redirect } from "react-router";
import { DeskNotice } from "~/components/desk/desk-card";
import { SubmitButton } from "~/components/desk/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { deskText } from "~/content/desk";
import { requirePermission, requireSameOrigin } from "~/lib/desk/auth.server";
import {
  addColleague,
  type ColleagueRefusal,
  removeColleague,
  renewSetupLink,
  setupLink,
} from "~/lib/desk/colleagues.server";
import { deskMeta } from "~/lib/desk/meta";
import { staffRoles } from "~/lib/desk/permissions";
import { readStaffForm } from "~/lib/desk/staff-forms";
import { pakistanTime } from "~/lib/desk/time";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/staff";

const text = deskText.staffPage;

export const meta: Route.MetaFunction = () => deskMeta(text.title);

type Done = keyof typeof text.done;
const isDone = (value: string | null): value is Done => value !== null && Object.hasOwn(text.done, value);

export function loader({ request, context }: Route.LoaderArgs) {
  const me = requirePermission(context, "staff.manage");
  const done = new URL(request.url).searchParams.get("done");
  return {
    done: isDone(done) ? done : null,
    members: getQuoteService()
      .staff.list()
      .map((member) => ({
        id: member.id,
        name: member.name,
        email: member.email,
        role: member.role,
        hasPassword: member.hasPassword,
        added: pakistanTime(member.createdAt),
        isMe: member.id === me.id,
      })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  const me = requirePermission(context, "staff.manage");
  // The server bounds every form body before a route reads it (server/body-limits.ts).
  const read = readStaffForm(await request.formData());
  if (!read.ok) return data({ error: read.error }, { status: 400 });
  const form = read.form;
  const service = getQuoteService();
  const refused = (result: { refused: ColleagueRefusal }) =>
    data({ error: text.refused[result.refused] }, { status: 409 });
  if (form.intent === "remove") {
    const removed = removeColleague(service.staff, form.email, me);
    if (!removed.ok) return refused(removed);
    throw redirect("/desk/staff?done=removed");
  }
  const linked = form.intent === "add" ? addColleague(service.staff, form) : renewSetupLink(service.staff, form.email);
  if (!linked.ok) return refused(linked);
  if (!(await service.mailSetupLink(linked.member, linked.token, me)))
    return data({ passOn: { name: linked.member.name, link: setupLink(linked.token) } });
  throw redirect(`/desk/staff?done=${form.intent === "add" ? "added" : "reset"}`);
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { members, done } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">{text.lead}</p>
      {actionData && "error" in actionData ? (
        <div className="mt-4">
          <DeskNotice tone="error">{actionData.error}</DeskNotice>
        </div>
      ) : actionData && "passOn" in actionData ? (
        <div className="mt-4">
          <DeskNotice tone="ok">
            {text.passOn(actionData.passOn.name)}{" "}
            <span className="break-all font-mono text-xs">{actionData.passOn.link}</span>
          </DeskNotice>
        </div>
      ) : (
        done && (
          <div className="mt-4">
            <DeskNotice tone="ok">{text.done[done]}</DeskNotice>
          </div>
        )
      )}

      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="members-heading" className="min-w-0">
          <h2 id="members-heading" className="sr-only">
            {text.title}
          </h2>
          <ul className="divide-y divide-border rounded-lg border border-border">
            {members.map((member) => (
              <li key={member.id} className="flex flex-col gap-3 p-3 text-sm sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    {member.name}
                    {member.isMe && <span className="font-normal text-slate-600"> ({text.you})</span>}
                  </p>
                  <p className="break-all text-slate-700">{member.email}</p>
                  <p className="text-slate-600">
                    {text.roles[member.role]} · {member.hasPassword ? text.active : text.waiting} · {text.added}{" "}
                    {member.added}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="reset" />
                    <input type="hidden" name="email" value={member.email} />
                    <SubmitButton variant="outline" size="sm" aria-label={`${text.reset}: ${member.name}`}>
                      {text.reset}
                    </SubmitButton>
                  </Form>
                  {!member.isMe && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="email" value={member.email} />
                      <SubmitButton
                        variant="outline"
                        size="sm"
                        className="text-red-800"
                        aria-label={`${text.remove}: ${member.name}`}
                      >
                        {text.remove}
                      </SubmitButton>
                    </Form>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="add-heading" className="rounded-lg border border-border p-4">
          <h2 id="add-heading" className="text-lg font-bold">
            {text.addTitle}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{text.addHint}</p>
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="add" />
            <div className="space-y-1.5">
              <Label htmlFor="colleague-name">{text.name}</Label>
              <Input id="colleague-name" name="name" required maxLength={100} autoComplete="off" />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="colleague-email">{text.email}</Label>
              <Input id="colleague-email" name="email" type="email" required autoComplete="off" />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="colleague-role">{text.role}</Label>
              <NativeSelect id="colleague-role" name="role" defaultValue="staff">
                {staffRoles.map((role) => (
                  <option key={role} value={role}>
                    {text.roles[role]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <SubmitButton pendingLabel={deskText.pending.adding}>{text.add}</SubmitButton>
          </Form>
        </section>
      </div>
    </>
  );
}
