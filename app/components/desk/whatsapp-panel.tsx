import { MessageCircle } from "lucide-react";
import type * as React from "react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/desk/submit-button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { deskText } from "~/content/desk";
import { WHATSAPP_TEXT_CHARS } from "~/lib/desk/request-forms";
import type { WhatsAppPanel } from "~/lib/whatsapp/desk.server";
import { cn } from "~/lib/utils";

const words = deskText.whatsapp;

/**
 * "Send on WhatsApp" on a request, when the business's WhatsApp number is connected: the 24-hour window in
 * plain words, free text inside it, an approved template outside it. The server checks all of it again.
 */
export function SendOnWhatsApp({
  panel,
  textKey,
  templateKey,
  textError,
  templateError,
}: {
  panel: WhatsAppPanel;
  /** Each form's own key: the same form sent twice sends once. */
  textKey: string;
  templateKey: string;
  textError: React.ReactNode;
  templateError: React.ReactNode;
}) {
  return (
    <section aria-labelledby="whatsapp-heading" className="space-y-3 rounded-xl border border-emerald-200 p-4">
      <h2 id="whatsapp-heading" className="flex items-center gap-2 text-lg font-bold">
        <MessageCircle aria-hidden="true" className="size-5 text-emerald-700" />
        {words.heading}
      </h2>
      {panel.displayNumber === null ? (
        <p className="text-sm text-muted-foreground">{words.noNumber}</p>
      ) : (
        <>
          <p className="text-sm font-semibold">{words.to(panel.displayNumber)}</p>
          {panel.window && (
            <p
              className={cn(
                "rounded-md px-3 py-2 text-sm",
                panel.canWrite ? "bg-emerald-50 text-emerald-950" : "bg-amber-50 text-amber-950",
              )}
            >
              {panel.window}
            </p>
          )}
          {panel.optedOut && (
            <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
              {panel.optedOut}
            </p>
          )}
        </>
      )}
      {panel.canWrite && (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="whatsapp-text" />
          <input type="hidden" name="whatsappKey" value={textKey} />
          {textError}
          <div className="space-y-2">
            <Label htmlFor="whatsapp-text">{words.message}</Label>
            <Textarea id="whatsapp-text" name="whatsappText" required maxLength={WHATSAPP_TEXT_CHARS} dir="auto" />
          </div>
          <SubmitButton pendingLabel={deskText.pending.sending}>{words.send}</SubmitButton>
        </Form>
      )}
      {panel.canTemplate && (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="whatsapp-template" />
          <input type="hidden" name="templateKey" value={templateKey} />
          {templateError}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{words.templateChoice}</legend>
            {panel.templates.map((template) => (
              <label
                key={template.kind}
                className="grid cursor-pointer grid-cols-[auto_1fr] items-center gap-x-2 rounded-md border border-border px-3 py-2 text-sm font-semibold has-checked:border-emerald-600 has-checked:bg-emerald-50 has-focus-visible:outline-2 has-focus-visible:outline-ring pointer-coarse:min-h-11"
              >
                <input
                  type="radio"
                  name="template"
                  value={template.kind}
                  required
                  className="size-4 accent-emerald-700"
                />
                {template.label}
                <span className="col-start-2 text-xs font-normal text-muted-foreground">{words.templateHint}</span>
              </label>
            ))}
          </fieldset>
          <SubmitButton pendingLabel={deskText.pending.sending}>{words.sendTemplate}</SubmitButton>
        </Form>
      )}
      {/* A refusal of a form no longer shown (the window opened or closed meanwhile) is still said. */}
      {!panel.canWrite && textError}
      {!panel.canTemplate && templateError}
    </section>
  );
}
