import { Label } from "~/components/ui/label";
import { studioText as text } from "~/content/studio";
import type { RefObject } from "react";

/** The logo's file field, its hint and, when a file is refused, why. */
export function LogoField({
  fileRef,
  problem,
  onChoose,
}: {
  fileRef: RefObject<HTMLInputElement | null>;
  problem: string | null;
  onChoose: (file: File | undefined) => void;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor="studio-logo">{text.logo}</Label>
      <input
        ref={fileRef}
        id="studio-logo"
        type="file"
        accept=".svg,.png,.jpg,.jpeg,.webp,image/svg+xml,image/png,image/jpeg,image/webp"
        aria-describedby={problem ? "studio-logo-problem studio-logo-hint" : "studio-logo-hint"}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onChoose(event.target.files?.[0])}
        className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-2 file:font-semibold"
      />
      <p id="studio-logo-hint" className="text-xs text-muted-foreground">
        {text.logoHint}
      </p>
      {problem && (
        <p id="studio-logo-problem" role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
