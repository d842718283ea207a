import { ArrowRight } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import type { Category } from "~/content/categories";
import { categoryImageSize, imageLoading } from "~/lib/image-loading";
import { imageUrl } from "~/lib/image-url";
import { CardImage } from "./page-hero";

export function CategoryCard({ category, headingLevel = 3 }: { category: Category; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="render-when-near flex flex-col overflow-hidden rounded-xl border border-border bg-white shadow-sm transition-shadow hover:shadow-md">
      <CardImage src={category.image} alt={category.imageAlt} shape="category" />
      <div className="flex flex-1 flex-col p-6">
        <Heading className="text-lg font-semibold">{category.title}</Heading>
        <p className="mt-2 flex-1 text-sm text-muted-foreground">{category.description}</p>
        {category.path && (
          <a
            href={category.path}
            className={buttonVariants({ variant: "outline", className: "mt-5 self-start" })}
            aria-label={`View Products: ${category.title}`}
          >
            View Products
            <ArrowRight aria-hidden="true" />
          </a>
        )}
      </div>
    </article>
  );
}

/**
 * A category as one compact link: a small picture beside its title and a short note. Under the
 * home page's four category cards, for the product lines that have a page but no card of their own.
 */
export function CategoryLink({ category, note }: { category: Category; note: string }) {
  if (!category.path) return null;
  return (
    <a
      href={category.path}
      className="group flex h-full items-center gap-4 rounded-xl border border-border bg-white p-3 shadow-sm transition-shadow hover:shadow-md focus-visible:shadow-md"
    >
      <img
        src={imageUrl(category.image)}
        alt=""
        {...categoryImageSize}
        {...imageLoading()}
        decoding="async"
        className="aspect-[8/5] w-24 shrink-0 sm:w-28 rounded-lg bg-muted object-cover"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="font-semibold group-hover:text-primary group-hover:underline">{category.title}</span>
        <span className="text-sm text-muted-foreground">{note}</span>
      </span>
      <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-primary" />
    </a>
  );
}
