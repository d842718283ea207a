import { LoaderCircle } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { useNonce } from "~/lib/csp-nonce";
import { cn } from "~/lib/utils";

/** What a pending button says when its form does not name it: the work is under way, not done. */
export const defaultPendingLabel = "Working…";

/**
 * The desk's one submit button. While its form is being sent it shows a spinner and its pending words
 * ("Saving…"), is aria-busy and aria-disabled, and the page ignores any further press, of it or of any
 * other form's button, until the answer arrives (a form that opens in another tab excepted): a second tap never posts again. The desk runs no React
 * in the browser (record 037), so the page's small script (`pendingFormsScript`, written once by the
 * desk's frame) sets the state; the look follows from `aria-busy` in CSS. Without script a form posts as
 * before, and the money forms' one-time keys (app/lib/once/) still record it once.
 */
export function SubmitButton({
  pendingLabel = defaultPendingLabel,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<typeof Button>, "type"> & {
  /** What the button says while its form is sent ("Saving…"). */
  pendingLabel?: string;
}) {
  // While pending the label steps aside (still the button's name) for a spinner and the pending words,
  // drawn from the attribute, so the button's text stays its label for every reader of the page.
  return (
    <Button
      type="submit"
      data-submit-button=""
      data-pending-label={pendingLabel}
      className={cn("group/submit aria-busy:cursor-wait aria-busy:after:content-[attr(data-pending-label)]", className)}
      {...props}
    >
      <span className="inline-flex items-center gap-2 group-aria-busy/submit:sr-only">{children}</span>
      <LoaderCircle
        aria-hidden="true"
        className="hidden animate-spin group-aria-busy/submit:block motion-reduce:animate-none"
      />
    </Button>
  );
}

/**
 * A form's first, unseen submit button, so that Enter in any of its fields presses this one (the browser
 * presses a form's first submit button) and never a row's Remove. The page's script shows the pending
 * state on the visible button of the same name and value.
 */
export function EnterPresses({ name, value }: { name: string; value: string }) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      data-enter-presses=""
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
    />
  );
}

/**
 * Marks the pressed desk button pending and ignores every later submission on the page while one is under
 * way. A submission another script cancelled is not one. Coming back to the page from the browser's
 * history (its back-forward cache) makes the buttons pressable again.
 */
export const pendingFormsScript = `(() => {
  let sending = false;
  const buttons = (form) => [...form.elements].filter((el) => el.matches("[data-submit-button]"));
  addEventListener("submit", (event) => {
    if (event.defaultPrevented) return;
    if (sending) { event.preventDefault(); return; }
    const form = event.target;
    const by = event.submitter;
    // A form that opens in another tab leaves this page where it is, free to be used again.
    const target = (by && by.getAttribute("formtarget")) || form.getAttribute("target");
    if (target && target !== "_self") return;
    sending = true;
    const own = buttons(form);
    const shown = by && by.matches("[data-submit-button]") ? by
      : own.find((el) => by && el.name === by.name && el.value === by.value) || own[0];
    if (!shown) return;
    shown.setAttribute("aria-busy", "true");
    shown.setAttribute("aria-disabled", "true");
  });
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    sending = false;
    for (const el of document.querySelectorAll("[data-submit-button][aria-busy]")) {
      el.removeAttribute("aria-busy");
      el.removeAttribute("aria-disabled");
    }
  });
})();`;

/** The script of `SubmitButton`, once per desk page, allowed by the response's nonce. */
export function PendingFormsScript() {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: pendingFormsScript }} />;
}
