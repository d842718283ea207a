import { ArrowRight } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import type { Category } from "~/content/categories";
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
