import { designLayouts, type DesignLayout } from "~/lib/design-layout";
import { studioText as text } from "~/content/studio";

/** How name and logo share the print area: four choices, each a full-size target. */
export function LayoutChoice({ layout, onChange }: { layout: DesignLayout; onChange: (layout: DesignLayout) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{text.layout}</legend>
      <div className="grid grid-cols-2 gap-2">
        {designLayouts.map((choice) => (
          <label
            key={choice}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border bg-background px-3 text-sm font-medium has-checked:border-primary has-checked:bg-secondary has-focus-visible:outline-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name="studio-layout"
              value={choice}
              checked={layout === choice}
              onChange={() => onChange(choice)}
              className="size-4 accent-primary"
            />
            {text.layouts[choice]}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{text.layoutHint}</p>
    </fieldset>
  );
}
