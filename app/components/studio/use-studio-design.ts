import { type RefObject, useEffect, useEffectEvent, useMemo, useState } from "react";
import type { PrintMethod, PrintRule } from "~/content/print-rules";
import { designWarnings } from "~/lib/design-checks";
import { type DesignLayout, defaultLayout, defaultPlacement, shownLogo } from "~/lib/design-layout";
import { type DesignSpec, designLimits, designSpecSchema } from "~/lib/design-schema";
import { type ArtDesign, designName } from "~/lib/product-art";
import { type LogoPlacement, moveBy, resize } from "./logo-placement";
import { useColours } from "./use-colours";
import { useLogo } from "./use-logo";

const oneDecimal = (mm: number) => Math.round(mm * 10) / 10;
export { oneDecimal };

/**
 * The buyer's design as they edit it: name, print colours, layout, logo and where it sits, with what
 * the drawing needs of it (`art`), the warnings the print checks give and the spec the quote carries.
 */
export function useStudioDesign(
  item: { id: string; colour: string },
  rule: PrintRule,
  method: PrintMethod,
  fields: { nameRef: RefObject<HTMLInputElement | null>; fileRef: RefObject<HTMLInputElement | null> },
) {
  const itemId = item.id;
  const area = rule.areaMm;
  const [name, setName] = useState("");
  const [layout, setLayoutState] = useState<DesignLayout>(() => defaultLayout(area));
  const [placement, setPlacement] = useState<LogoPlacement | null>(null);
  const colours = useColours(item.colour, method, !!rule.onLight);
  const logos = useLogo(fields.fileRef, (chosen) => setPlacement(defaultPlacement(chosen.aspect, area, layout)));
  const { logo } = logos;

  // On a slow phone a buyer may type a name or choose a logo before React drives the page: React would
  // leave both on screen but out of the design (and wipe the name on its next render). Take them in.
  const chooseEarlyLogo = useEffectEvent((file: File) => void logos.choose(file));
  const { nameRef, fileRef } = fields;
  useEffect(() => {
    const typed = nameRef.current?.value;
    if (typed) setName(typed.slice(0, designLimits.text));
    const chosen = fileRef.current?.files?.[0];
    if (chosen) chooseEarlyLogo(chosen);
  }, [nameRef, fileRef]);

  /** A new layout places the logo afresh, as large as that layout leaves it room. */
  function setLayout(next: DesignLayout) {
    setLayoutState(next);
    if (logo) setPlacement(defaultPlacement(logo.aspect, area, next));
  }

  function removeLogo() {
    logos.remove();
    setPlacement(null);
  }

  const placed = logo && placement ? placement : null;
  const tone = method.fixed?.colour;
  const art: ArtDesign = useMemo(
    () => ({
      text: name,
      colours: colours.colours,
      layout,
      logo: placed && logo && { href: logo.url, ...placed },
      tone,
    }),
    [name, colours.colours, layout, placed, logo, tone],
  );
  const nameLayout = designName(art, area);
  const shown = shownLogo(layout, placed);
  const warnings = designWarnings({
    method,
    logoColours: shown ? (logo?.colours ?? null) : null,
    raster:
      shown && logo?.pixels
        ? { widthPx: logo.pixels.width, heightPx: logo.pixels.height, widthMm: shown.widthMm, heightMm: shown.heightMm }
        : null,
    text: nameLayout ? name : "",
    textSizeMm: nameLayout?.sizeMm ?? 0,
  });

  const placing = {
    placement: placed,
    move: (dxMm: number, dyMm: number) => setPlacement((current) => current && moveBy(current, dxMm, dyMm, area)),
    scale: (factor: number) => setPlacement((current) => current && resize(current, factor, area)),
    /** The logo's size as a share of the largest it can be, in %. */
    sizePercent: placed
      ? Math.round((placed.widthMm / Math.min(area.width, area.height * (logo?.aspect ?? 1))) * 100)
      : 100,
  };

  function spec(): DesignSpec {
    return designSpecSchema.parse({
      itemId,
      text: name.slice(0, designLimits.text),
      colours: art.colours.slice(0, designLimits.colours),
      layout,
      logo: shown && {
        xMm: oneDecimal(shown.xMm),
        yMm: oneDecimal(shown.yMm),
        widthMm: Math.max(0.1, oneDecimal(shown.widthMm)),
        heightMm: Math.max(0.1, oneDecimal(shown.heightMm)),
      },
      warnings: warnings.slice(0, designLimits.warnings).map((warning) => warning.slice(0, designLimits.warning)),
    });
  }

  return { name, setName, colours, layout, setLayout, logos, removeLogo, placing, art, warnings, spec };
}

export type StudioDesign = ReturnType<typeof useStudioDesign>;
