import { ArrowRight } from "lucide-react";
import { imageUrl } from "~/lib/image-url";

export type HeroPicture = {
  /** The category page the picture leads to. */
  href: string;
  /** The product line, shown under the picture: the link's name. */
  label: string;
  /** A catalogue item's drawing (800x600). */
  image: string;
};

/**
 * Pictures of what we make, each leading to its product line: beside the home page's words on large
 * screens, under them on a phone, two by two. In the first screen at every width, so they load at once,
 * but at normal priority: the <h1> beside them is the page's largest paint, not one of them.
 */
export function HeroPictures({ pictures }: { pictures: readonly HeroPicture[] }) {
  return (
    <ul aria-label="What we make" className="grid grid-cols-2 gap-3 sm:gap-4 lg:gap-5 lg:pb-8">
      {pictures.map((picture) => (
        <li key={picture.href} className="lg:even:translate-y-8">
          <a
            href={picture.href}
            className="group block overflow-hidden rounded-xl bg-white shadow-xl ring-1 ring-white/20 transition-transform hover:-translate-y-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            {/* The words under the picture name the link; the drawing's own title stays in the file. */}
            <img
              src={imageUrl(picture.image)}
              alt=""
              width={800}
              height={600}
              loading="eager"
              decoding="async"
              // Cut lower on a phone: the drawing's brand tag at its top edge goes whole, not in half.
              className="aspect-[16/10] w-full bg-muted object-cover object-[50%_85%] sm:aspect-[4/3]"
            />
            <span className="flex items-center justify-between gap-2 px-3 py-2.5 text-sm font-semibold text-foreground sm:px-4 sm:py-3">
              {picture.label}
              <ArrowRight
                aria-hidden="true"
                className="size-4 shrink-0 text-primary transition-transform group-hover:translate-x-0.5"
              />
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
