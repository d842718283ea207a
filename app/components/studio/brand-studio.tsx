import { Send } from "lucide-react";
import { useMemo, useRef } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { type PrintMethod, type PrintRule, describeMethods } from "~/content/print-rules";
import { studioText as text } from "~/content/studio";
import { designLimits } from "~/lib/design-schema";
import { type ArtDesign, productImage } from "~/lib/product-art";
import { useHydrated } from "~/lib/use-hydrated";
import { ColourFields } from "./colour-fields";
import { LayoutChoice } from "./layout-choice";
import { LogoField } from "./logo-field";
import { PlacementControls } from "./placement-controls";
import { PrintCheck } from "./print-check";
import { useMockup } from "./use-mockup";
import { useRequestQuote } from "./use-request-quote";
import { useStudioDesign } from "./use-studio-design";

/** What the studio needs of the item: enough to draw it, name it and say how it is printed. */
export type StudioItem = {
  id: string;
  title: string;
  brand: string;
  colour: string;
  print: readonly [PrintMethod, ...PrintMethod[]];
};

/**
 * The brand studio: the buyer's name, print colours and logo on the item's drawing (app/lib/product-art.ts,
 * the module that draws the catalogue), laid out so they never overlap, the logo placed and scaled in
 * the item's print area by pointer, touch or keyboard. The mockup becomes a PNG only when the buyer asks
 * for a quote; until they send it, the design stays on their device. It mocks up the item's main print
 * method, the one its page names first.
 */
export function BrandStudio({ item, rule }: { item: StudioItem; rule: PrintRule }) {
  const method = item.print[0];
  const nameRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const mockupRef = useRef<HTMLDivElement>(null);
  const design = useStudioDesign(item, rule, method, { nameRef, fileRef });
  const { art, placing, logos } = design;
  const shownLogo = art.layout !== "name" && !!art.logo;
  const mockupName = text.mockupName(item.title, art.layout === "logo" ? "" : design.name, shownLogo);
  // The item is drawn once, with an empty print area the edits fill.
  const drawing = useMemo(() => {
    const empty: ArtDesign = { text: "", colours: [], layout: "name", logo: null, tone: method.fixed?.colour };
    return productImage(item, { art: empty, title: text.mockupName(item.title, "", false) });
  }, [item, method]);
  const pointer = useMockup(mockupRef, drawing, art, rule, mockupName, placing.move);
  const quote = useRequestQuote(item);
  const hydrated = useHydrated();

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8">
      {/* Kept in view under the site's header while the controls below it are used, on a phone too. */}
      <div className="sticky top-16 z-10 -mx-4 self-start bg-muted px-4 pt-2 pb-3 sm:mx-0 sm:px-0 lg:top-20 lg:py-0">
        <div
          ref={mockupRef}
          data-testid="mockup"
          {...pointer}
          className="mx-auto aspect-[4/3] max-h-[40svh] overflow-hidden rounded-2xl bg-muted shadow-lg ring-1 ring-border lg:max-h-none [&>svg]:h-full [&>svg]:w-full"
          // The drawing is SVG text from app/lib/product-art.ts, which escapes everything the buyer types.
          dangerouslySetInnerHTML={{ __html: drawing }}
        />
      </div>

      <div className="space-y-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-muted-foreground">{text.method}</dt>
          <dd className="font-semibold">{describeMethods(item.print)}</dd>
          <dt className="font-medium text-muted-foreground">{text.area}</dt>
          <dd className="font-semibold">
            {rule.areaMm.width} × {rule.areaMm.height} mm
          </dd>
        </dl>

        <div className="space-y-2">
          <Label htmlFor="studio-name">{text.name}</Label>
          <Input
            ref={nameRef}
            id="studio-name"
            value={design.name}
            maxLength={designLimits.text}
            autoComplete="off"
            placeholder={text.namePlaceholder}
            className="pointer-coarse:h-11"
            onChange={(event) => design.setName(event.target.value)}
          />
        </div>

        <ColourFields method={method} colours={design.colours} />
        <LogoField fileRef={fileRef} problem={logos.problem} onChoose={(file) => void logos.choose(file)} />
        {logos.logo && <LayoutChoice layout={design.layout} onChange={design.setLayout} />}
        {placing.placement && design.layout !== "name" && (
          <PlacementControls
            placement={placing.placement}
            sizePercent={placing.sizePercent}
            move={placing.move}
            scale={placing.scale}
            remove={design.removeLogo}
          />
        )}
        <PrintCheck warnings={design.warnings} />

        <div className="space-y-2">
          <Button
            type="button"
            variant="accent"
            size="lg"
            // Before the page's script runs the button could do nothing, so it says so by waiting.
            disabled={!hydrated || quote.sending}
            onClick={() =>
              void quote.request({ art, logo: logos.logo, spec: design.spec, mockupName, name: design.name })
            }
            className="w-full sm:w-auto"
          >
            <Send aria-hidden="true" />
            {quote.sending ? text.preparing : text.request}
          </Button>
          {quote.problem && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {quote.problem}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
