import { cn } from "~/lib/utils";
import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { business, fullAddress, mailtoUrl, telUrl, whatsappUrl } from "~/content/business";
import { footerProductLinks, footerQuickLinks, type NavItem } from "~/content/navigation";
import { EmailAddress } from "~/components/ui/email-address";
import { Logo } from "./logo";

/** A footer link: a line of text, as tall as a fingertip on touch screens. */
const contactLink =
  "inline-flex items-center text-sm hover:text-white hover:underline pointer-coarse:min-h-11 pointer-coarse:min-w-11";

function LinkColumn({ title, links }: { title: string; links: NavItem[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{title}</h2>
      {/* On touch screens each link is a full finger's height, and the spacing between them goes. */}
      <ul className="mt-4 space-y-2.5 pointer-coarse:mt-2 pointer-coarse:space-y-0">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={cn(contactLink, "text-slate-300 transition-colors")}>
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className="bg-navy text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.3fr_1fr_1fr_1.4fr] lg:px-8">
        <div>
          <Logo tone="light" />
          <p className="mt-4 text-sm leading-relaxed">{business.description}</p>
        </div>
        <LinkColumn title="Quick Links" links={footerQuickLinks} />
        <LinkColumn title="Products" links={footerProductLinks} />
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm pointer-coarse:mt-2 pointer-coarse:space-y-0">
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-300" />
              <address className="not-italic">{fullAddress}</address>
            </li>
            <li className="flex items-center gap-3">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-teal-300" />
              <a href={telUrl} className={contactLink}>
                {business.phone.display}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-teal-300" />
              <a href={mailtoUrl()} className={contactLink}>
                <EmailAddress address={business.email} />
              </a>
            </li>
            <li className="flex items-center gap-3">
              <MessageCircle aria-hidden="true" className="size-4 shrink-0 text-teal-300" />
              <a href={whatsappUrl()} target="_blank" rel="noopener noreferrer" className={contactLink}>
                Chat on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li className="flex gap-3">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-300" />
              <span>{`${business.hours.days} ${business.hours.opens}–${business.hours.closes}`}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-slate-400 sm:px-6 lg:px-8">
          {`© ${year} ${business.name}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}
