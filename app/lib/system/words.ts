/** "40 seconds", "1 minute", "3 hours 5 minutes", "2 days 4 hours": how long, for the owners. */
export function durationWords(seconds: number): string {
  const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? "" : "s"}`;
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return unit(whole, "second");
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return unit(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return [unit(hours, "hour"), minutes % 60 ? unit(minutes % 60, "minute") : ""].filter(Boolean).join(" ");
  const days = Math.floor(hours / 24);
  return [unit(days, "day"), hours % 24 ? unit(hours % 24, "hour") : ""].filter(Boolean).join(" ");
}

/** "512 KB", "3.4 GB": a size, in the units a disk is sold in (1000s). */
export function bytesWords(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let index = 0;
  while (value >= 1000 && index < units.length - 1) {
    value /= 1000;
    index++;
  }
  return index === 0 ? `${value} bytes` : `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[index]}`;
}
