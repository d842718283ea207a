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
import { type StaffSwitch, staffRoles, staffSwitches } from "~/lib/desk/permissions";
import { saveStaffSwitches, StaffSwitchBoard } from "~/lib/desk/staff-switches.server";
import { onceKeyField } from "~/lib/once/key";
import { newOnceKey } from "~/lib/once/once.server";
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
  const board = new StaffSwitchBoard(getQuoteService().db);
  return {
    done: isDone(done) ? done : null,
    switches: board.current(),
    switchChanges: board.changes(5).map((change) => ({ ...change, at: pakistanTime(change.at) })),
    formKey: newOnceKey(),
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
  if (form.intent === "switches") {
    saveStaffSwitches(service.db, form, me);
    throw redirect("/desk/staff?done=switches");
  }
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
  const { members, done, switches, switchChanges, formKey } = loaderData;
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
                {/* One's own account has neither: nobody removes themselves, or needs a link to the desk they are in. */}
                {!member.isMe && (
                  <div className="flex flex-wrap gap-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value="reset" />
                      <input type="hidden" name="email" value={member.email} />
                      <SubmitButton variant="outline" size="sm" aria-label={`${text.reset}: ${member.name}`}>
                        {text.reset}
                      </SubmitButton>
                    </Form>
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
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>

        <div className="space-y-8">
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
          <StaffSwitchesForm switches={switches} changes={switchChanges} formKey={formKey} />
        </div>
      </div>
    </>
  );
}

/** The owners' switches for their staff: one checkbox each, saved together, with the latest changes. */
function StaffSwitchesForm({
  switches,
  changes,
  formKey,
}: {
  switches: Record<StaffSwitch, boolean>;
  changes: { at: string; permission: StaffSwitch; allowed: boolean; by: string }[];
  formKey: string;
}) {
  return (
    <section aria-labelledby="switches-heading" className="rounded-lg border border-border p-4">
      <h2 id="switches-heading" className="text-lg font-bold">
        {text.switchesTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{text.switchesHint}</p>
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="switches" />
        <input type="hidden" name={onceKeyField} value={formKey} />
        {staffSwitches.map((name) => (
          <label key={name} className="flex items-center gap-2 text-sm pointer-coarse:min-h-11">
            <input type="checkbox" name={name} defaultChecked={switches[name]} className="size-4 shrink-0" />
            {text.switches[name]}
          </label>
        ))}
        <SubmitButton variant="outline" pendingLabel={deskText.pending.saving}>
          {text.saveSwitches}
        </SubmitButton>
      </Form>
      {changes.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold">{text.switchChanges}</h3>
          <ul className="mt-1 space-y-1 text-xs text-slate-700">
            {changes.map((change, index) => (
              <li key={index} className="wrap-anywhere">
                {text.switchChange(text.switches[change.permission], change.allowed, change.by, change.at)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
