import { data, Form, redirect } from "react-router";
import { QuotedHistory } from "~/components/desk/quoted-history";
import { DeskNotice } from "~/components/desk/desk-card";
import { SubmitButton } from "~/components/desk/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { deskText } from "~/content/desk";
import { requirePermission, requireSameOrigin } from "~/lib/desk/auth.server";
import { deskMeta } from "~/lib/desk/meta";
import { hasPermission } from "~/lib/desk/permissions";
import { sortMail, unmatchedMailPage } from "~/lib/mailbox/desk.server";
import { readMailForm } from "~/lib/mailbox/mail-forms";
import { getQuoteService } from "~/lib/quotes/service.server";
import type { Route } from "./+types/mail";

const text = deskText.mailPage;

export const meta: Route.MetaFunction = () => deskMeta(text.title);

type Done = keyof typeof text.done;
const isDone = (value: string | null): value is Done => value !== null && Object.hasOwn(text.done, value);

export function loader({ request, context }: Route.LoaderArgs) {
  const member = requirePermission(context, "requests.read");
  const done = new URL(request.url).searchParams.get("done");
  return {
    done: isDone(done) ? done : null,
    canSort: hasPermission(member.role, "mail.sort"),
    ...unmatchedMailPage(getQuoteService(), member.role),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request);
  const member = requirePermission(context, "mail.sort");
  // The server bounds every form body before a route reads it (server/body-limits.ts).
  const read = readMailForm(await request.formData());
  if (!read.ok) return data({ error: read.error }, { status: 400 });
  const sorted = await sortMail(getQuoteService(), read.form, member);
  if (!sorted.ok) return data({ error: sorted.error }, { status: sorted.status });
  throw redirect(`/desk/mail?done=${sorted.done}`);
}

export default function UnmatchedMailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mails, total, checksOff, canSort, done } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">{text.lead}</p>
      {checksOff && (
        <div className="mt-4">
          <DeskNotice tone="error">{text.checksOff}</DeskNotice>
        </div>
      )}
      {actionData && "error" in actionData ? (
        <div className="mt-4">
          <DeskNotice tone="error">{actionData.error}</DeskNotice>
        </div>
      ) : (
        done && (
          <div className="mt-4">
            <DeskNotice tone="ok">{text.done[done]}</DeskNotice>
          </div>
        )
      )}
      {mails.length === 0 ? (
        <p className="mt-6 text-sm text-muted-foreground">{text.none}</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700">{text.shown(mails.length, total)}</p>
          <ol className="mt-2 space-y-4">
            {mails.map((mail) => (
              <li key={mail.id}>
                <article
                  aria-labelledby={`mail-${mail.id}`}
                  className="rounded-lg border border-border bg-white p-4 text-sm"
                >
                  <h2 id={`mail-${mail.id}`} className="break-words font-semibold" dir="auto">
                    {mail.subject}
                  </h2>
                  <p className="mt-1 break-words text-xs text-slate-700">
                    <span className="sr-only">{text.from} </span>
                    <span dir="auto">{mail.sender}</span> · {text.received} {mail.received} · {text.size} {mail.size}
                  </p>
                  {mail.notVerified && <p className="mt-1 text-xs font-semibold text-red-800">{text.notVerified}</p>}
                  {mail.unreadable ? (
                    <>
                      <p className="mt-2 font-semibold text-red-800">{text.unreadable}</p>
                      <p className="mt-1 text-slate-700">{text.unreadableHint}</p>
                    </>
                  ) : mail.tooLarge ? (
                    <p className="mt-2">{text.tooLarge}</p>
                  ) : (
                    <p className="mt-2 whitespace-pre-wrap break-words" dir="auto">
                      {mail.text}
                    </p>
                  )}
                  {mail.quoted && <QuotedHistory label={text.quoted} text={mail.quoted} />}
                  {mail.files.length > 0 && (
                    <div className="mt-2 text-xs text-slate-700">
                      <p>{mail.filesWaiting ? text.files : text.filesNotKept}</p>
                      <ul className="mt-1 list-disc pl-5">
                        {mail.files.map((file, index) => (
                          <li key={index} className="break-words" dir="auto">
                            {file.name} ({file.size})
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                  {canSort && (
                    <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
                      {!mail.unreadable && (
                        <Form method="post" className="flex flex-wrap items-end gap-2">
                          <input type="hidden" name="intent" value="attach" />
                          <input type="hidden" name="id" value={mail.id} />
                          <div className="grid gap-1">
                            <Label htmlFor={`reference-${mail.id}`}>{text.reference}</Label>
                            <Input
                              id={`reference-${mail.id}`}
                              name="reference"
                              required
                              placeholder={text.referenceHint}
                              pattern="[Qq]-[0-9]{4}-[0-9]{4,9}"
                              autoComplete="off"
                              className="w-44"
                            />
                          </div>
                          <SubmitButton size="sm" aria-label={`${text.attach}: ${mail.subject}`}>
                            {text.attach}
                          </SubmitButton>
                        </Form>
                      )}
                      <Form method="post" className="sm:ml-auto">
                        <input type="hidden" name="intent" value="discard" />
                        <input type="hidden" name="id" value={mail.id} />
                        <SubmitButton
                          variant="outline"
                          size="sm"
                          className="text-red-800"
                          aria-label={`${text.discard}: ${mail.subject}`}
                        >
                          {text.discard}
                        </SubmitButton>
                      </Form>
                    </div>
                  )}
                </article>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
