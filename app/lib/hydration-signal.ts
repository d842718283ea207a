import { useEffect } from "react";

/**
 * Dispatched on `document` once React has hydrated the page and run its effects. The hydration script
 * (app/lib/defer-hydration.ts) waits for it before pressing again a button pressed before React was there:
 * pressed any earlier, an effect run on hydration could undo what the press did.
 */
export const hydratedEvent = "app:hydrated";

export function useHydrationSignal() {
  useEffect(() => {
    document.dispatchEvent(new Event(hydratedEvent));
  }, []);
}
