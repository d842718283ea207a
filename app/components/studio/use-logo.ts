import { type RefObject, useEffect, useState } from "react";
import { countRasterColours } from "~/lib/design-checks";
import { type Logo, readLogo, sampleRgba } from "./logo-file";

/**
 * The buyer's logo: chosen (checked from its bytes), replaced or removed, its blob: URL let go when it
 * is no longer drawn; `fileRef` is its file field. A raster's colours are counted in the task after its first mockup, so the buyer
 * sees their logo first. `onChosen` runs with each logo taken.
 */
export function useLogo(fileRef: RefObject<HTMLInputElement | null>, onChosen: (logo: Logo) => void) {
  const [logo, setLogo] = useState<Logo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const clearInput = () => {
    if (fileRef.current) fileRef.current.value = "";
  };

  async function choose(file: File | undefined) {
    setProblem(null);
    if (!file) return;
    const read = await readLogo(file);
    if (read.problem !== undefined) {
      setProblem(read.problem);
      clearInput();
      return;
    }
    const { logo: chosen, bitmap } = read;
    setLogo(chosen);
    onChosen(chosen);
    if (bitmap)
      setTimeout(() => {
        const counted = countRasterColours(sampleRgba(bitmap));
        bitmap.close();
        setLogo((current) => (current?.url === chosen.url ? { ...current, colours: counted } : current));
      }, 0);
  }

  function remove() {
    setLogo(null);
    setProblem(null);
    clearInput();
  }

  const url = logo?.url;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  return { logo, problem, choose, remove };
}
