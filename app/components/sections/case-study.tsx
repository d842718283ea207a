import { HeartPulse, NotebookPen, PenTool, Pill, Quote } from "lucide-react";
import type { CaseStudy, Testimonial } from "~/content/case-studies";
import { imageLoading } from "~/lib/image-loading";
import { imageUrl } from "~/lib/image-url";
import { cn } from "~/lib/utils";
import { IconBadge } from "./icon-badge";

const icons = { pill: Pill, "pen-tool": PenTool, "heart-pulse": HeartPulse, "notebook-pen": NotebookPen } as const;

/** "1 product" / "4 products" */
export function productsBadge(count: number) {
  return `${count} ${count === 1 ? "product" : "products"}`;
}

/** One case study: image, industry and client, overview, challenge, solution and results. */
export function CaseStudyArticle({
  study,
  priority = false,
  reverse = false,
}: {
  study: CaseStudy;
  /** The first case study's image is in the first screen at every width: it loads first (see `imageLoading`). */
  priority?: boolean;
  reverse?: boolean;
}) {
  const Icon = icons[study.icon];
  const headingId = `case-${study.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "grid overflow-hidden rounded-2xl border border-border bg-white shadow-sm lg:grid-cols-2",
        // The first study is the page's LCP: drawn at once, not when the browser judges it near.
        !priority && "render-when-near",
      )}
    >
      <div className={cn("flex items-center bg-muted", reverse && "lg:order-last")}>
        <div className="relative w-full">
          <img
            src={imageUrl(study.image)}
            alt={study.imageAlt}
            width={800}
            height={600}
            {...imageLoading(priority)}
            decoding="async"
            className="aspect-[4/3] w-full object-cover"
          />
          <span className="absolute right-4 bottom-4 rounded-full bg-navy px-3 py-1 text-sm font-semibold text-white shadow">
            {productsBadge(study.productsCount)}
          </span>
        </div>
      </div>
      <div className="flex flex-col p-6 sm:p-8">
        <div className="flex items-center gap-3">
          <IconBadge icon={Icon} size="sm" />
          <dl className="text-sm">
            <div className="flex gap-1">
              <dt className="sr-only">Industry</dt>
              <dd className="font-semibold text-primary">{study.industry}</dd>
            </div>
            {study.client && (
              <div className="flex gap-1 text-muted-foreground">
                <dt>Client:</dt>
                <dd>{study.client}</dd>
              </div>
            )}
          </dl>
        </div>
        <h3 id={headingId} className="mt-4 text-2xl font-bold tracking-tight">
          {study.title}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{study.product}</p>
        <p className="mt-4 text-pretty">{study.overview}</p>
        <div className="mt-6 grid gap-5">
          {(
            [
              ["Challenge", study.challenge],
              ["Solution", study.solution],
              ["Results", study.results],
            ] as const
          ).map(([title, text]) => (
            <div key={title}>
              <h4 className="text-sm font-semibold uppercase tracking-wider text-navy">{title}</h4>
              <p className="mt-1 text-sm text-muted-foreground text-pretty">{text}</p>
            </div>
          ))}
        </div>
      </div>
    </article>
  );
}

export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  return (
    <ul className="grid gap-6 lg:grid-cols-2">
      {items.map((item) => (
        <li key={item.role}>
          <figure className="h-full rounded-2xl bg-white/5 p-8 ring-1 ring-white/10">
            <Quote aria-hidden="true" className="size-8 text-accent" />
            <blockquote className="mt-4 text-lg text-white text-pretty">
              <p>{item.quote}</p>
            </blockquote>
            <figcaption className="mt-6 text-sm font-medium text-teal-300">{item.role}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
