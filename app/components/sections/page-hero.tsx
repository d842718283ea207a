import type * as React from "react";
import type { Category } from "~/content/categories";
import { categoryImageSize, imageLoading } from "~/lib/image-loading";
import { imageUrl } from "~/lib/image-url";
import { cn } from "~/lib/utils";

/**
 * The picture of a PageHero (its `media`): beside the text on large screens, just below it on small ones,
 * so it is in the first screen at every width. It is the page's priority image (see `imageLoading`).
 */
export function HeroImage({ src, alt, width, height }: { src: string; alt: string; width: number; height: number }) {
  return (
    <img
      src={imageUrl(src)}
      alt={alt}
      width={width}
      height={height}
      {...imageLoading(true)}
      decoding="async"
      className="mx-auto w-full max-w-xl rounded-2xl bg-muted object-cover shadow-2xl ring-1 ring-white/10"
    />
  );
}

const cardImageShapes = {
  /** A catalogue item's or a case study's picture: 4:3. */
  item: { width: 800, height: 600, className: "aspect-[4/3]" },
  category: { ...categoryImageSize, className: "aspect-[8/5]" },
} as const;

/** The picture across the top of a card (a catalogue item, a category). It loads lazily: cards are never a page's priority image. */
export function CardImage({ src, alt, shape }: { src: string; alt: string; shape: keyof typeof cardImageShapes }) {
  const { width, height, className } = cardImageShapes[shape];
  return (
    <img
      src={imageUrl(src)}
      alt={alt}
      width={width}
      height={height}
      {...imageLoading()}
      decoding="async"
      className={cn("w-full bg-muted object-cover", className)}
    />
  );
}

/** A category's picture as the hero picture of its product page. */
export function CategoryHeroImage({ category }: { category: Category }) {
  return <HeroImage src={category.image} alt={category.imageAlt} {...categoryImageSize} />;
}

/** The opening band of an inner page: its one <h1>, a lead paragraph, optional actions and an optional picture. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  media,
}: {
  eyebrow?: string;
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
  /** Shown beside the text on large screens, below it on small ones: usually a HeroImage. */
  media?: React.ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-navy text-navy-foreground">
      <div aria-hidden="true" className="absolute -right-24 -top-24 size-96 rounded-full bg-primary/40 blur-3xl" />
      <div
        className={cn(
          "relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8",
          media && "grid items-center gap-10 lg:grid-cols-2 lg:gap-12",
        )}
      >
        <div>
          {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-teal-300">{eyebrow}</p>}
          <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
          {lead && <p className="mt-5 max-w-2xl text-lg text-slate-300 text-pretty">{lead}</p>}
          {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
        </div>
        {media}
      </div>
    </section>
  );
}
