import type { LucideIcon } from "lucide-react";

const tones = {
  /** Teal tile, white icon: on white or navy sections. */
  primary: "bg-primary text-white",
  /** Pale teal tile, teal icon: on white or muted sections. */
  secondary: "bg-secondary text-primary",
} as const;

const sizes = {
  md: { tile: "size-12", icon: "size-6" },
  sm: { tile: "size-10", icon: "size-5" },
} as const;

/** The decorative icon on a tile that heads a feature, value, step or option card. */
export function IconBadge({
  icon: Icon,
  tone = "secondary",
  size = "md",
}: {
  icon: LucideIcon;
  tone?: keyof typeof tones;
  size?: keyof typeof sizes;
}) {
  return (
    <span className={`flex ${sizes[size].tile} shrink-0 items-center justify-center rounded-lg ${tones[tone]}`}>
      <Icon aria-hidden="true" className={sizes[size].icon} />
    </span>
  );
}
