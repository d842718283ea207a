import {
  AlarmClock,
  BarChart3,
  Inbox,
  LogOut,
  MailQuestion,
  Package,
  ServerCog,
  Tags,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import type * as React from "react";
import { Form, useLocation } from "react-router";
import { LogoMark } from "~/components/layout/logo";
import { business } from "~/content/business";
import { deskText } from "~/content/desk";
import type { StaffRole } from "~/lib/desk/permissions";
import { linkCurrent, sectionsFor } from "~/lib/desk/sections";
import { cn } from "~/lib/utils";
import { SkipLink } from "~/components/layout/skip-link";
import { PendingFormsScript, SubmitButton } from "./submit-button";

/** Who is signed in, as the desk's header shows them. */
export type DeskMember = { name: string; role: StaffRole };

const sectionIcon: Record<string, LucideIcon> = {
  Inbox,
  Orders: Package,
  Receivables: Wallet,
  "Unmatched mail": MailQuestion,
  Reports: BarChart3,
  Prices: Tags,
  Staff: Users,
  System: ServerCog,
};

// The bar is navy, the public site's deepest colour, so the desk is never mistaken for the website;
// its controls get a white focus ring, which the teal one is not against navy.
const barControl =
  "inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-semibold transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white pointer-coarse:min-h-11 pointer-coarse:min-w-11 [&_svg]:size-4 [&_svg]:shrink-0";

/**
 * The frame of every desk page: a header bar and the page, with none of the public website's header,
 * menu or footer. Signed in, the bar holds the sections the member's role may open, their name and
 * Sign out (a plain form post); signed out, the business's name alone. Below the lg breakpoint the
 * section links take a row of their own under the rest, wrapping: on a phone every one is in sight.
 * Printed, the page alone.
 */
export function DeskFrame({
  member,
  overdue = 0,
  lateOrders = 0,
  children,
}: {
  member?: DeskMember;
  /** How many requests are past their reply-by time unanswered: shown, linked to the Overdue view, when any are. */
  overdue?: number;
  /** How many orders are past their due date undelivered: shown, linked to the Orders board, when any are. */
  lateOrders?: number;
  children: React.ReactNode;
}) {
  return (
    <>
      <SkipLink />
      <div className="flex min-h-dvh flex-col print:min-h-0">
        <header className="bg-navy text-navy-foreground print:hidden">
          {/* Below lg the sections take a row of their own under the name and Sign out, wrapping as they
              need: every one in sight on a phone. */}
          <div className="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2 sm:gap-x-4 sm:px-6 lg:flex-nowrap lg:py-0">
            <p className="flex min-h-10 shrink-0 items-center gap-2 text-sm font-semibold">
              <LogoMark />
              {/* Signed in, the name gives the sections its room until the screen is wide enough for both. */}
              <span className={member ? "sr-only 2xl:not-sr-only" : undefined}>
                {business.name} <span className="font-normal text-slate-300">· {deskText.title}</span>
              </span>
            </p>
            {member && <SignedInBar member={member} overdue={overdue} lateOrders={lateOrders} />}
          </div>
        </header>
        <main id="main" className="flex-1">
          {children}
        </main>
      </div>
      <PendingFormsScript />
    </>
  );
}

/** A signed-in desk page's content, its edges in line with the header's. */
export function DeskContent({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">{children}</div>;
}

function SignedInBar({ member, overdue, lateOrders }: { member: DeskMember; overdue: number; lateOrders: number }) {
  const { pathname } = useLocation();
  return (
    <>
      <nav
        aria-label="Desk"
        className="order-last -mx-2 w-[calc(100%+1rem)] min-w-0 lg:order-none lg:mx-0 lg:ml-3 lg:w-auto lg:shrink-0"
      >
        <ul className="flex flex-wrap items-center gap-1">
          {sectionsFor(member.role).map((section) => {
            const Icon = sectionIcon[section.label];
            const current = linkCurrent(section, pathname);
            return (
              <li key={section.href}>
                <a
                  href={section.href}
                  aria-current={current}
                  // On a phone the words alone, close together, so every section fits in two rows under the
                  // name (the row reaching the bar's edges); at a laptop's width closer together too, so an
                  // owner's eight leave the name its room.
                  className={cn(
                    barControl,
                    "max-sm:px-1.5 max-sm:[&>svg]:hidden lg:max-2xl:px-2",
                    current ? "bg-white/15 text-white" : "text-slate-200",
                  )}
                >
                  {Icon && <Icon aria-hidden="true" />}
                  {section.label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
        {overdue > 0 && (
          <a href="/desk?view=overdue" className={cn(barControl, "bg-red-700 text-white hover:bg-red-800")}>
            <AlarmClock aria-hidden="true" />
            {/* On a phone the clock and the number, so the sections keep their room; the word for every reader. */}
            <span className="sr-only sm:not-sr-only">{deskText.overdueInHeader}</span> {overdue}
          </a>
        )}
        {lateOrders > 0 && (
          <a href="/desk/orders?late=1" className={cn(barControl, "bg-red-700 text-white hover:bg-red-800")}>
            <Package aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{deskText.lateOrdersInHeader}</span> {lateOrders}
          </a>
        )}
        {/* The name may be long: cut to the room there is, whole in its title. */}
        <p className="min-w-0 truncate text-sm text-slate-200" title={member.name}>
          <span className="sr-only">Signed in as </span>
          {member.name}
        </p>
        <Form method="post" action="/desk/sign-out" className="shrink-0">
          <SubmitButton
            variant="ghost"
            className={cn(barControl, "h-auto border border-white/40 text-white max-sm:after:hidden")}
            pendingLabel={deskText.signingOut}
          >
            <LogOut aria-hidden="true" />
            {/* On a phone the door icon alone, its name still read out. */}
            <span className="sr-only sm:not-sr-only">{deskText.signOut}</span>
          </SubmitButton>
        </Form>
      </div>
    </>
  );
}
