import { X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { attachedDesignText as text } from "~/content/contact";
import type { AttachedDesign } from "./use-attached-design";

/** The design the buyer brings from the brand studio, at the top of the quote form: what will be sent. */
export default function DesignAttachment({ design, onRemove }: { design: AttachedDesign; onRemove: () => void }) {
  const spec = design.attachments.design;
  return (
    <section
      aria-labelledby="quote-design-title"
      className="space-y-3 rounded-lg border border-teal-200 bg-secondary/60 p-4"
    >
      <h3 id="quote-design-title" className="text-base font-semibold">
        {text.title}
      </h3>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {design.picture && (
          <img
            src={design.picture}
            alt={design.mockupName}
            width={800}
            height={600}
            className="aspect-[4/3] h-auto w-full rounded-md bg-white object-contain shadow-sm sm:w-48"
          />
        )}
        <div className="min-w-0 flex-1 space-y-3 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
            {design.itemTitle && (
              <>
                <dt className="text-muted-foreground">{text.item}</dt>
                <dd className="font-medium">{design.itemTitle}</dd>
              </>
            )}
            <dt className="text-muted-foreground">{text.name}</dt>
            <dd className="font-medium break-words">{spec?.text || text.noName}</dd>
            {!!spec?.colours.length && (
              <>
                <dt className="text-muted-foreground">{text.colours}</dt>
                <dd>
                  <ul className="flex flex-wrap gap-x-3 gap-y-1">
                    {spec.colours.map((colour) => (
                      <li key={colour} className="inline-flex items-center gap-1.5 tabular-nums">
                        <span
                          aria-hidden="true"
                          className="size-4 rounded-full border border-black/15"
                          style={{ backgroundColor: colour }}
                        />
                        {colour}
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
          </dl>
          <p className="text-muted-foreground">{text.note}</p>
          <Button type="button" variant="outline" size="sm" className="pointer-coarse:h-11" onClick={onRemove}>
            <X aria-hidden="true" />
            {text.remove}
          </Button>
        </div>
      </div>
    </section>
  );
}
