import { cn } from "~/lib/utils";

export type Stat = { value: string; label: string };

export function StatsBand({ stats, className }: { stats: readonly Stat[]; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-2 gap-6 lg:grid-cols-4", className)}>
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse items-center text-center">
          <dt className="mt-1 text-sm font-medium text-muted-foreground">{stat.label}</dt>
          <dd className="text-4xl font-extrabold tracking-tight text-primary">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
