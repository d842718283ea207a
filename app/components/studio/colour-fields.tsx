import { Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { type PrintMethod, colourChoices } from "~/content/print-rules";
import { studioText as text } from "~/content/studio";
import { hexPattern } from "~/lib/design-schema";
import type { useColours } from "./use-colours";

/** The print colours, each by picker or hex; a one-look process (foil, engraving) says so instead. */
export function ColourFields({ method, colours }: { method: PrintMethod; colours: ReturnType<typeof useColours> }) {
  if (method.fixed)
    return (
      <div className="space-y-1">
        <p className="text-sm font-medium">{text.colours}</p>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <span aria-hidden="true" className="size-4 rounded-full" style={{ background: method.fixed.colour }} />
          {method.fixed.words}
        </p>
      </div>
    );
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">{text.colours}</legend>
      {method.colours === "full" && <p className="text-sm text-muted-foreground">{text.fullColour}</p>}
      {colours.colours.map((colour, index) => (
        <div key={index} className="flex flex-wrap items-end gap-3">
          <input
            type="color"
            aria-label={text.colourPicker(index + 1)}
            value={colour}
            onChange={(event) => colours.setDraft(index, event.target.value)}
            className="h-10 w-12 cursor-pointer rounded-md border border-border bg-background p-1 pointer-coarse:h-11"
          />
          <div className="space-y-1">
            <Label htmlFor={`studio-colour-${index}`}>{text.colour(index + 1)}</Label>
            <Input
              id={`studio-colour-${index}`}
              value={colours.drafts[index] ?? colour}
              aria-invalid={!hexPattern.test(colours.drafts[index] ?? colour) || undefined}
              aria-describedby="studio-colour-hint"
              spellCheck={false}
              className="w-36 font-mono"
              onChange={(event) => colours.setDraft(index, event.target.value.trim())}
            />
          </div>
          {index > 0 && (
            <Button
              type="button"
              variant="outline"
              className="pointer-coarse:h-11"
              onClick={() => colours.remove(index)}
            >
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
      {colours.colours.length < colourChoices(method) && (
        <Button type="button" variant="outline" className="pointer-coarse:h-11" onClick={colours.add}>
          <Plus aria-hidden="true" />
          {text.addColour}
        </Button>
      )}
    </fieldset>
  );
}
