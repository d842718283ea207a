export type Coding = "br" | "gzip";

/** Where the build puts the precompressed copy of a file (scripts/compress.ts). */
export const precompressedExtension: Record<Coding, string> = { br: ".br", gzip: ".gz" };

/** Whether a file is one of those precompressed copies rather than a file of the site. */
export function isPrecompressedCopy(file: string): boolean {
  return Object.values(precompressedExtension).some((extension) => file.endsWith(extension));
}

/**
 * The best of the available codings an Accept-Encoding header allows (Brotli before gzip, as it is
 * smaller), or undefined to send the file as it is. Honours q-values, `q=0` refusals and `*`.
 */
export function preferredEncoding(header: string | undefined, available: readonly Coding[]): Coding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  const ranked = [...available]
    .map((coding, order) => ({ coding, order, weight: weightOf(coding) }))
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return ranked[0]?.coding;
}
