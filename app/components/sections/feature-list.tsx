import { cn } from "~/lib/utils";

/**
 * A catalogue item's selling points, each with a tick. The tick is drawn by `.feature-list` (app.css)
 * rather than an icon per point: the portfolio page holds over a hundred of them.
 */
export function FeatureList({ features, className }: { features: readonly string[]; className?: string }) {
  return (
    <ul aria-label="Features" className={cn("feature-list space-y-2 text-sm", className)}>
      {features.map((feature) => (
        <li key={feature}>{feature}</li>
      ))}
    </ul>
  );
}
