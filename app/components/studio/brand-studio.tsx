import { Move, Plus, Send, Trash2 } from "lucide-react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { type PrintRule, colourChoices, describeMethod } from "~/content/print-rules";
import { studioText as text } from "~/content/studio";
import {
  countRasterColours,
  countSvgColours,
  designWarnings,
  logoFileProblem,
  sniffLogoType,
} from "~/lib/design-checks";
import { type DesignSpec, designLimits, designSpecSchema } from "~/lib/design-schema";
import { quoteHref } from "~/lib/quote-path";
import { type LogoType, uploadLimits } from "~/lib/upload-rules";
import { type ArtDesign, designTextSizeMm, ink, printedDesign, productImage } from "~/lib/product-art";
import { type LogoPlacement, defaultLogoSize, moveBy, resize, svgAspect } from "./logo-placement";

/** What the studio needs of the item: enough to draw it and to name it. */
export type StudioItem = { id: string; title: string; brand: string; colour: string };

type Logo = {
  file: File;
  type: LogoType;
  /** A blob: URL of the file, for the live mockup. */
  url: string;
  /** Width over height. */
  aspect: number;
  /** A raster logo's pixels; null for SVG. */
  pixels: { width: number; height: number } | null;
  /** Counted after the first mockup is drawn; null until then. */
  colours: number | null;
};

const noDesign: ArtDesign = { text: "", colours: [], logo: null };
const hexPattern = /^#[0-9a-fA-F]{6}$/;
const oneDecimal = (mm: number) => Math.round(mm * 10) / 10;

/**
 * The brand studio: the buyer's name, print colours and logo on the item's drawing, redrawn as an SVG
 * string on every edit (app/lib/product-art.ts, the module that draws the catalogue), the logo placed
 * and scaled in the item's print area by pointer or keyboard. The mockup becomes a PNG only when the
 * buyer asks for a quote; until they send it, the design stays on their device.
 */
export function BrandStudio({ item, rule }: { item: StudioItem; rule: PrintRule }) {
  const area = rule.areaMm;
  const maxColours = colourChoices(rule.method);
  const [name, setName] = useState("");
  const [colours, setColours] = useState<string[]>([ink(item.colour)]);
  const [drafts, setDrafts] = useState<string[]>([ink(item.colour)]);
  const [logo, setLogo] = useState<Logo | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const [placement, setPlacement] = useState<LogoPlacement | null>(null);
  const [sending, setSending] = useState(false);
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const mockupRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  // On a slow phone a buyer may type a name or choose a logo before React drives the page: React would
  // leave both on screen but out of the design (and wipe the name on its next render). Take them in.
  useEffect(() => {
    const typed = nameRef.current?.value;
    if (typed) setName(typed.slice(0, designLimits.text));
    const chosen = fileRef.current?.files?.[0];
    if (chosen) void chooseLogo(chosen);
  }, []);

  const art: ArtDesign = useMemo(
    () => ({ text: name, colours, logo: logo && placement ? { href: logo.url, ...placement } : null }),
    [name, colours, logo, placement],
  );
  const mockupName = text.mockupName(item.title, name, !!logo);
  // The item is drawn once; an edit redraws only what its print area holds, and the mockup's title.
  const drawing = useMemo(
    () => productImage(item, { art: noDesign, title: text.mockupName(item.title, "", false) }),
    [item],
  );
  useLayoutEffect(() => {
    const mockup = mockupRef.current;
    const printArea = mockup?.querySelector("svg[data-print-area]");
    const title = mockup?.querySelector("svg > title");
    if (title) title.textContent = mockupName;
    if (!printArea) return;
    // The same logo keeps its element (and its decoded picture): it is only moved and sized.
    const logoElement = printArea.querySelector("image[data-logo]");
    if (art.logo && logoElement?.getAttribute("href") === art.logo.href) {
      for (const node of [...printArea.childNodes]) if (node !== logoElement) node.remove();
      const { xMm, yMm, widthMm, heightMm } = art.logo;
      for (const [name, value] of Object.entries({ x: xMm, y: yMm, width: widthMm, height: heightMm }))
        logoElement.setAttribute(name, String(Math.round(value * 100) / 100));
      printArea.insertAdjacentHTML("beforeend", printedDesign({ ...art, logo: null }, area));
    } else {
      printArea.innerHTML = printedDesign(art, area);
      // The logo is dragged, not the page scrolled, by a finger on it.
      printArea.querySelector("image[data-logo]")?.setAttribute("style", "cursor:move;touch-action:none");
    }
  }, [drawing, art, area, mockupName]);
  const textSizeMm = designTextSizeMm(name, area);
  const warnings = designWarnings({
    method: rule.method,
    logoColours: logo?.colours ?? null,
    raster:
      logo?.pixels && placement
        ? {
            widthPx: logo.pixels.width,
            heightPx: logo.pixels.height,
            widthMm: placement.widthMm,
            heightMm: placement.heightMm,
          }
        : null,
    text: name,
    textSizeMm,
  });

  // The first mockup with a new logo is drawn once its image has loaded: marked for the bench.
  useEffect(() => {
    const image = mockupRef.current?.querySelector("image[data-logo]");
    if (!logo || !image) return;
    const drawn = () => requestAnimationFrame(() => performance.mark("studio:logo-drawn"));
    image.addEventListener("load", drawn, { once: true });
    return () => image.removeEventListener("load", drawn);
  }, [logo]);

  const logoUrl = logo?.url;
  useEffect(() => () => void (logoUrl && URL.revokeObjectURL(logoUrl)), [logoUrl]);

  async function chooseLogo(file: File | undefined) {
    setLogoProblem(null);
    if (!file) return;
    const type = sniffLogoType(new Uint8Array(await file.slice(0, 1024).arrayBuffer()));
    const problem = logoFileProblem(type, file.size);
    if (problem || !type) return refuse(problem ?? text.unreadable);
    let aspect = 1;
    let pixels: Logo["pixels"] = null;
    let colourCount: number | null = null;
    let bitmap: ImageBitmap | null = null;
    if (type === "image/svg+xml") {
      const source = await file.text();
      aspect = svgAspect(source);
      colourCount = countSvgColours(source);
    } else {
      bitmap = await createImageBitmap(file).catch(() => null);
      if (!bitmap) return refuse(text.unreadable);
      if (bitmap.width * bitmap.height > uploadLimits.pixels) return refuse(text.tooManyPixels);
      pixels = { width: bitmap.width, height: bitmap.height };
      aspect = bitmap.width / bitmap.height;
    }
    const url = URL.createObjectURL(file);
    setLogo({ file, type, url, aspect, pixels, colours: colourCount });
    setPlacement(defaultLogoSize(aspect, area));
    // Counted once the mockup is on screen: the buyer sees their logo first.
    if (bitmap) {
      const sample = bitmap;
      setTimeout(() => {
        const counted = countRasterColours(sampleRgba(sample));
        sample.close();
        setLogo((current) => (current?.url === url ? { ...current, colours: counted } : current));
      }, 0);
    }
  }

  function refuse(problem: string) {
    setLogoProblem(problem);
    if (fileRef.current) fileRef.current.value = "";
  }

  function removeLogo() {
    setLogo(null);
    setPlacement(null);
    setLogoProblem(null);
    if (fileRef.current) fileRef.current.value = "";
  }

  function setDraft(index: number, value: string) {
    setDrafts((current) => current.map((draft, i) => (i === index ? value : draft)));
    if (hexPattern.test(value))
      setColours((current) => current.map((colour, i) => (i === index ? value.toLowerCase() : colour)));
  }

  function addColour() {
    const next = colours.length % 2 ? item.colour : ink(item.colour);
    setColours((current) => [...current, next]);
    setDrafts((current) => [...current, next]);
  }

  function removeColour(index: number) {
    setColours((current) => current.filter((_, i) => i !== index));
    setDrafts((current) => current.filter((_, i) => i !== index));
  }

  function onHandleKey(event: React.KeyboardEvent) {
    if (!placement) return;
    const step = event.shiftKey ? 5 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    let next: LogoPlacement | null = null;
    if (move) next = moveBy(placement, move[0], move[1], area);
    else if (event.key === "+" || event.key === "=") next = resize(placement, 1.1, area);
    else if (event.key === "-" || event.key === "_") next = resize(placement, 1 / 1.1, area);
    if (!next) return;
    event.preventDefault();
    setPlacement(next);
  }

  // Dragging the logo on the mockup: pointer positions are read in the print area's own millimetres,
  // whatever the drawing turns or skews it by.
  const drag = useRef<{ pointer: number; lastMm: DOMPoint } | null>(null);
  function areaPoint(event: React.PointerEvent): DOMPoint | null {
    const areaSvg = mockupRef.current?.querySelector<SVGSVGElement>("svg[data-print-area]");
    const matrix = areaSvg?.getScreenCTM();
    return matrix ? new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse()) : null;
  }
  function onPointerDown(event: React.PointerEvent<HTMLDivElement>) {
    if (!placement || !(event.target as Element).closest("[data-logo]")) return;
    const point = areaPoint(event);
    if (!point) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: event.pointerId, lastMm: point };
    event.preventDefault();
  }
  function onPointerMove(event: React.PointerEvent<HTMLDivElement>) {
    if (!drag.current || drag.current.pointer !== event.pointerId || !placement) return;
    const point = areaPoint(event);
    if (!point) return;
    const { lastMm } = drag.current;
    drag.current.lastMm = point;
    setPlacement((current) => current && moveBy(current, point.x - lastMm.x, point.y - lastMm.y, area));
  }
  function endDrag() {
    drag.current = null;
  }

  const logoSizePercent = placement
    ? Math.round((placement.widthMm / Math.min(area.width, area.height * (logo?.aspect ?? 1))) * 100)
    : 100;
  function onSizeChange(percent: number) {
    if (!placement) return;
    setPlacement(resize(placement, percent / logoSizePercent, area));
  }

  function spec(): DesignSpec {
    return designSpecSchema.parse({
      itemId: item.id,
      text: name.slice(0, designLimits.text),
      colours: colours.slice(0, designLimits.colours),
      logo: placement && {
        xMm: oneDecimal(placement.xMm),
        yMm: oneDecimal(placement.yMm),
        widthMm: Math.max(0.1, oneDecimal(placement.widthMm)),
        heightMm: Math.max(0.1, oneDecimal(placement.heightMm)),
      },
      warnings: warnings.slice(0, designLimits.warnings).map((warning) => warning.slice(0, designLimits.warning)),
    });
  }

  async function requestQuote() {
    setSending(true);
    setSendProblem(null);
    try {
      const [{ saveDesign }, { mockupPng }] = await Promise.all([
        import("~/lib/design-handoff"),
        import("./mockup-png"),
      ]);
      const href = logo ? await dataUrl(logo.file, logo.type) : null;
      const printable = productImage(item, {
        art: { ...art, logo: href && placement ? { href, ...placement } : null },
        title: mockupName,
      });
      const mockup = await mockupPng(printable, uploadLimits.mockupTargetBytes);
      await saveDesign({
        attachments: { design: spec(), mockup, ...(logo && { logo: logo.file }) },
        mockupName: text.attachmentName(item.title, name),
      });
      window.location.assign(quoteHref(item.title, { withDesign: true }));
    } catch {
      setSendProblem(text.failed);
      setSending(false);
    }
  }

  const position = placement
    ? text.position(
        oneDecimal(placement.xMm),
        oneDecimal(placement.yMm),
        oneDecimal(placement.widthMm),
        oneDecimal(placement.heightMm),
      )
    : "";

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="lg:sticky lg:top-4 lg:self-start">
        <div
          ref={mockupRef}
          data-testid="mockup"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          className="overflow-hidden rounded-2xl bg-muted shadow-lg ring-1 ring-border [&>svg]:h-auto [&>svg]:w-full"
          // The drawing is SVG text from app/lib/product-art.ts, which escapes everything the buyer types.
          dangerouslySetInnerHTML={{ __html: drawing }}
        />
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-muted-foreground">{text.method}</dt>
          <dd className="font-semibold">{describeMethod(rule.method)}</dd>
          <dt className="font-medium text-muted-foreground">{text.area}</dt>
          <dd className="font-semibold">
            {area.width} × {area.height} mm
          </dd>
        </dl>
      </div>

      <div className="space-y-6">
        <div className="space-y-2">
          <Label htmlFor="studio-name">{text.name}</Label>
          <Input
            ref={nameRef}
            id="studio-name"
            value={name}
            maxLength={designLimits.text}
            autoComplete="off"
            placeholder={text.namePlaceholder}
            onChange={(event) => setName(event.target.value)}
          />
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">{text.colours}</legend>
          {rule.method.colours === "full" && <p className="text-sm text-muted-foreground">{text.fullColour}</p>}
          {colours.map((colour, index) => (
            <div key={index} className="flex flex-wrap items-end gap-3">
              <input
                type="color"
                aria-label={text.colourPicker(index + 1)}
                value={colour}
                onChange={(event) => setDraft(index, event.target.value)}
                className="h-10 w-12 cursor-pointer rounded-md border border-border bg-background p-1"
              />
              <div className="space-y-1">
                <Label htmlFor={`studio-colour-${index}`}>{text.colour(index + 1)}</Label>
                <Input
                  id={`studio-colour-${index}`}
                  value={drafts[index] ?? colour}
                  aria-invalid={!hexPattern.test(drafts[index] ?? colour) || undefined}
                  aria-describedby="studio-colour-hint"
                  spellCheck={false}
                  className="w-36 font-mono"
                  onChange={(event) => setDraft(index, event.target.value.trim())}
                />
              </div>
              {index > 0 && (
                <Button type="button" variant="outline" onClick={() => removeColour(index)}>
                  <Trash2 aria-hidden="true" />
                  {text.remove}
                  <span className="sr-only"> {text.colour(index + 1).toLowerCase()}</span>
                </Button>
              )}
            </div>
          ))}
          <p id="studio-colour-hint" className="text-xs text-muted-foreground">
            {text.colourHex}
          </p>
          {colours.length < maxColours && (
            <Button type="button" variant="outline" onClick={addColour}>
              <Plus aria-hidden="true" />
              {text.addColour}
            </Button>
          )}
        </fieldset>

        <div className="space-y-2">
          <Label htmlFor="studio-logo">{text.logo}</Label>
          <input
            ref={fileRef}
            id="studio-logo"
            type="file"
            accept=".svg,.png,.jpg,.jpeg,.webp,image/svg+xml,image/png,image/jpeg,image/webp"
            aria-describedby={logoProblem ? "studio-logo-problem studio-logo-hint" : "studio-logo-hint"}
            aria-invalid={logoProblem ? true : undefined}
            onChange={(event) => void chooseLogo(event.target.files?.[0])}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-2 file:font-semibold"
          />
          <p id="studio-logo-hint" className="text-xs text-muted-foreground">
            {text.logoHint}
          </p>
          {logoProblem && (
            <p id="studio-logo-problem" role="alert" className="text-sm font-medium text-destructive">
              {logoProblem}
            </p>
          )}
        </div>

        {placement && (
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium">{text.placement}</legend>
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="button"
                variant="outline"
                aria-describedby="studio-handle-hint studio-logo-position"
                onKeyDown={onHandleKey}
              >
                <Move aria-hidden="true" />
                {text.handle}
              </Button>
              <Button type="button" variant="ghost" onClick={removeLogo}>
                <Trash2 aria-hidden="true" />
                {text.removeLogo}
              </Button>
            </div>
            <p id="studio-handle-hint" className="text-xs text-muted-foreground">
              {text.handleHint}
            </p>
            <div className="space-y-1">
              <Label htmlFor="studio-logo-size">{text.size}</Label>
              <input
                id="studio-logo-size"
                type="range"
                min={10}
                max={100}
                step={5}
                value={Math.min(100, Math.max(10, logoSizePercent))}
                aria-valuetext={`${oneDecimal(placement.widthMm)} by ${oneDecimal(placement.heightMm)} mm`}
                onChange={(event) => onSizeChange(Number(event.target.value))}
                className="w-full accent-primary"
              />
            </div>
            <p id="studio-logo-position" role="status" className="text-sm">
              {position}
            </p>
          </fieldset>
        )}

        <section aria-labelledby="studio-check-heading" className="rounded-lg border border-border bg-background p-4">
          <h2 id="studio-check-heading" className="text-sm font-semibold">
            {text.check}
          </h2>
          <div role="status" className="mt-2 text-sm">
            {warnings.length ? (
              <ul className="list-disc space-y-1 border-l-4 border-accent pl-8">
                {warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">{text.allClear}</p>
            )}
          </div>
        </section>

        <div className="space-y-2">
          <Button
            type="button"
            variant="accent"
            size="lg"
            disabled={sending}
            onClick={() => void requestQuote()}
            className="w-full sm:w-auto"
          >
            <Send aria-hidden="true" />
            {sending ? text.preparing : text.request}
          </Button>
          {sendProblem && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {sendProblem}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** RGBA pixels of a small copy of the image: enough to count its colours. */
function sampleRgba(bitmap: ImageBitmap, side = 64): Uint8ClampedArray {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return new Uint8ClampedArray();
  context.drawImage(bitmap, 0, 0, width, height);
  return context.getImageData(0, 0, width, height).data;
}

/** The file as a data: URL of its checked type: an image drawn to a canvas must carry its logo inside it. */
function dataUrl(file: File, type: LogoType): Promise<string> {
  return new Promise((done, fail) => {
    const reader = new FileReader();
    reader.onload = () => done(String(reader.result));
    reader.onerror = () => fail(reader.error);
    reader.readAsDataURL(new Blob([file], { type }));
  });
}
