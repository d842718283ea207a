import { Label } from "~/components/ui/label";
import { Minus, Move, Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { studioText as text } from "~/content/studio";
import type { LogoPlacement } from "~/lib/design-layout";
import { oneDecimal } from "./use-studio-design";

/** One step of the keyboard and of the Enlarge and Reduce buttons. */
const factor = 1.1;

/**
 * Where the logo sits and how large: dragged on the mockup, moved by keys on "Move logo", sized by
 * buttons and a slider, announced in mm. Touch screens get touch words; keyboards, keys.
 */
export function PlacementControls({
  placement,
  sizePercent,
  move,
  scale,
  remove,
}: {
  placement: LogoPlacement;
  sizePercent: number;
  move: (dxMm: number, dyMm: number) => void;
  scale: (factor: number) => void;
  remove: () => void;
}) {
  function onHandleKey(event: React.KeyboardEvent) {
    const step = event.shiftKey ? 5 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const by = moves[event.key];
    if (by) move(by[0], by[1]);
    else if (event.key === "+" || event.key === "=") scale(factor);
    else if (event.key === "-" || event.key === "_") scale(1 / factor);
    else return;
    event.preventDefault();
  }
  const { xMm, yMm, widthMm, heightMm } = placement;
  const target = "pointer-coarse:h-11";
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">{text.placement}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" className={target} onClick={() => scale(factor)}>
          <Plus aria-hidden="true" />
          {text.enlarge}
        </Button>
        <Button type="button" variant="outline" className={target} onClick={() => scale(1 / factor)}>
          <Minus aria-hidden="true" />
          {text.reduce}
        </Button>
        <Button
          type="button"
          variant="outline"
          className="pointer-coarse:hidden"
          aria-describedby="studio-handle-hint studio-logo-position"
          onKeyDown={onHandleKey}
        >
          <Move aria-hidden="true" />
          {text.handle}
        </Button>
        <Button type="button" variant="ghost" className={target} onClick={remove}>
          <Trash2 aria-hidden="true" />
          {text.removeLogo}
        </Button>
      </div>
      <p id="studio-handle-hint" className="text-xs text-muted-foreground pointer-coarse:hidden">
        {text.handleHint}
      </p>
      <p className="hidden text-xs text-muted-foreground pointer-coarse:block">{text.touchHint}</p>
      <div className="space-y-1">
        <Label htmlFor="studio-logo-size">{text.size}</Label>
        <input
          id="studio-logo-size"
          type="range"
          min={10}
          max={100}
          step={5}
          value={Math.min(100, Math.max(10, sizePercent))}
          aria-valuetext={`${oneDecimal(widthMm)} by ${oneDecimal(heightMm)} mm`}
          onChange={(event) => scale(Number(event.target.value) / sizePercent)}
          className="block h-11 w-full cursor-pointer accent-primary"
        />
      </div>
      <p id="studio-logo-position" role="status" className="text-sm">
        {text.position(oneDecimal(xMm), oneDecimal(yMm), oneDecimal(widthMm), oneDecimal(heightMm))}
      </p>
    </fieldset>
  );
}
