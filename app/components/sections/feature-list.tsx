import { Check } from "lucide-react";
import { cn } from "~/lib/utils";

/** A catalogue item's selling points, each with a tick. */
export function FeatureList({ features, className }: { features: readonly string[]; className?: string }) {
  return (
    <ul aria-label="Features" className={cn("space-y-2 text-sm", className)}>
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
