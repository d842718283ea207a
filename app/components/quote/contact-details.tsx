import { Clock, Mail, MapPin, MessageCircle, Phone, Timer } from "lucide-react";
import type * as React from "react";
import { business, fullAddress, mailtoUrl, telUrl, whatsappUrl } from "~/content/business";
import { contactDetails } from "~/content/contact";
import { EmailAddress } from "~/components/ui/email-address";

function Item({ icon: Icon, title, children }: { icon: typeof Phone; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold text-foreground">{title}</h3>
        <div className="mt-1 text-sm text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

// Each link stands on its own line: a full touch target on touch screens.
const linkClass =
  "inline-flex items-center font-medium text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11";

/** Office address, phone, e-mail, WhatsApp, business hours and the reply promise. */
export function ContactDetails() {
  const { hours } = business;
  return (
    <div className="rounded-xl border border-border bg-background p-6 shadow-sm sm:p-8">
      <h2 className="text-xl font-bold tracking-tight">{contactDetails.title}</h2>
      <ul className="mt-6 space-y-6">
        <Item icon={MapPin} title={contactDetails.office}>
          <address className="not-italic">{fullAddress}</address>
        </Item>
        <Item icon={Phone} title={contactDetails.phone}>
          <a href={telUrl} className={linkClass}>
            {business.phone.display}
          </a>
        </Item>
        <Item icon={Mail} title={contactDetails.email}>
          <a href={mailtoUrl()} className={linkClass}>
            <EmailAddress address={business.email} />
          </a>
        </Item>
        <Item icon={MessageCircle} title={contactDetails.whatsapp}>
          <a href={whatsappUrl()} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {contactDetails.whatsappLink}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Item>
        <Item icon={Clock} title={contactDetails.hours}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt>{hours.days}</dt>
            <dd className="whitespace-nowrap">
              {hours.opens}–{hours.closes} {hours.timeZone}
            </dd>
            <dt>{hours.closed}</dt>
            <dd>{contactDetails.closed}</dd>
          </dl>
        </Item>
        <Item icon={Timer} title={contactDetails.responseTitle}>
          <p>{contactDetails.response}</p>
        </Item>
      </ul>
    </div>
  );
}
