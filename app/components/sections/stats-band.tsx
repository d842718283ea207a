import { cn } from "~/lib/utils";

export type Stat = { value: string; label: string };

const layouts = {
  4: "grid-cols-2 lg:grid-cols-4",
  3: "grid-cols-1 sm:grid-cols-3",
} as const;

export function StatsBand({
  stats,
  columns = 4,
  className,
}: {
  stats: readonly Stat[];
  columns?: keyof typeof layouts;
  className?: string;
}) {
  return (
    <dl className={cn("grid gap-6", layouts[columns], className)}>
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse items-center text-center">
          <dt className="mt-1 text-sm font-medium text-muted-foreground">{stat.label}</dt>
          <dd className="text-4xl font-extrabold tracking-tight text-primary">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
