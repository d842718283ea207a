import { useState } from "react";
import { studioText as text } from "~/content/studio";
import type { DesignSpec } from "~/lib/design-schema";
import { type ArtDesign, productImage } from "~/lib/product-art";
import { quoteHref } from "~/lib/quote-path";
import { uploadLimits } from "~/lib/upload-rules";
import { dataUrl, type Logo } from "./logo-file";
import type { StudioItem } from "./brand-studio";

/**
 * "Request a Quote with This Design": the mockup drawn once more with the logo inside it (a data: URL,
 * as an SVG drawn as an image loads nothing outside itself), made a PNG, kept on the device with the
 * logo and the spec, and the quote form opened.
 */
export function useRequestQuote(item: StudioItem) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function request(design: {
    art: ArtDesign;
    logo: Logo | null;
    spec: () => DesignSpec;
    mockupName: string;
    name: string;
  }) {
    setSending(true);
    setProblem(null);
    try {
      const [{ saveDesign }, { mockupPng }] = await Promise.all([
        import("~/lib/design-handoff"),
        import("./mockup-png"),
      ]);
      const { art, logo } = design;
      const shown = art.layout === "name" ? null : art.logo;
      const href = logo && shown ? await dataUrl(logo.file, logo.type) : null;
      const printable = productImage(item, {
        art: { ...art, logo: href && shown ? { ...shown, href } : null },
        title: design.mockupName,
      });
      const mockup = await mockupPng(printable, uploadLimits.mockupTargetBytes);
      await saveDesign({
        attachments: { design: design.spec(), mockup, ...(logo && shown && { logo: logo.file }) },
        mockupName: text.attachmentName(item.title, design.name),
      });
      window.location.assign(quoteHref(item.title, { withDesign: true }));
    } catch {
      setProblem(text.failed);
      setSending(false);
    }
  }

  return { sending, problem, request };
}
