import { useCallback, useEffect, useState } from "react";
import type { SavedDesign } from "~/lib/design-handoff";

/** A design from the brand studio as the form shows it: what it sends, its picture and its item's name. */
export type AttachedDesign = SavedDesign & { picture: string | null; itemTitle: string };

/**
 * The design the brand studio kept on this device (IndexedDB), when the form is opened with one
 * (/contact?design=1). Its code and the catalogue that names its item are fetched only then. `remove`
 * deletes the kept copy; the client action deletes it once the request carrying it has gone through.
 */
export function useAttachedDesign(wanted: boolean) {
  const [design, setDesign] = useState<AttachedDesign | null>(null);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    Promise.all([import("~/lib/design-handoff"), import("~/content/catalogue")])
      .then(async ([{ loadDesign }, { products }]) => {
        const saved = await loadDesign();
        if (!live || !saved) return;
        const { design: spec, mockup } = saved.attachments;
        setDesign({
          ...saved,
          picture: mockup ? URL.createObjectURL(mockup) : null,
          itemTitle: products.find((item) => item.id === spec?.itemId)?.title ?? "",
        });
      })
      .catch(() => {}); // no design shown: the request goes without it, as if none had been kept
    return () => {
      live = false;
    };
  }, [wanted]);

  // The picture's object URL lives as long as the design is shown.
  useEffect(() => {
    const picture = design?.picture;
    return () => {
      if (picture) URL.revokeObjectURL(picture);
    };
  }, [design]);

  const remove = useCallback(() => {
    setDesign(null);
    void import("~/lib/design-handoff").then(({ clearDesign }) => clearDesign());
  }, []);

  return { design, remove };
}
