import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { attachedDesignText as text } from "~/content/attached-design";
import { clearDesign, loadDesign } from "~/lib/design-handoff";
import type { QuoteAttachments } from "~/lib/send-quote";

/**
 * The design the brand studio kept on this device, shown in the quote form as a thumbnail of its
 * mockup, removable (it comes with the form's submit machinery, ./quote-submit.ts). It hands the form what to send with the quote (`onChange`); once the form has
 * sent it, or the buyer removes it (`attachments` back to null), the kept copy is deleted.
 */
export default function DesignAttachment({
  attachments,
  onChange,
}: {
  attachments: QuoteAttachments | null;
  onChange: (attachments: QuoteAttachments | null) => void;
}) {
  const [name, setName] = useState("");
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const loaded = useRef(false);

  useEffect(() => {
    let live = true;
    void loadDesign().then((saved) => {
      if (!live || !saved) return;
      loaded.current = true;
      setName(saved.mockupName);
      onChange(saved.attachments);
    });
    return () => {
      live = false;
    };
    // Read once, when the form opens with a design.
  }, []);

  const mockup = attachments?.mockup;
  useEffect(() => {
    if (!mockup) return setThumbnail(null);
    const url = URL.createObjectURL(mockup);
    setThumbnail(url);
    return () => URL.revokeObjectURL(url);
  }, [mockup]);

  useEffect(() => {
    if (!attachments && loaded.current) void clearDesign();
  }, [attachments]);

  if (!attachments || !thumbnail) return null;
  return (
    <figure className="flex items-center gap-4 rounded-lg border border-border bg-muted/40 p-3">
      <img
        src={thumbnail}
        alt={name}
        width={160}
        height={120}
        className="h-auto w-32 rounded-md bg-white shadow-sm sm:w-40"
      />
      <figcaption className="min-w-0 flex-1 space-y-2 text-sm">
        <p className="font-semibold">{text.title}</p>
        <p className="text-muted-foreground">{text.note}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
          <X aria-hidden="true" />
          {text.remove}
        </Button>
      </figcaption>
    </figure>
  );
}
