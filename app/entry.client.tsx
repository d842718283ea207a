import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import stylesheet from "./app.css?url";

// A page arrives with only the style rules its own markup uses (scripts/critical-css.ts). What its
// script shows later (the product dialog, the form's notices) needs the rest: the whole sheet, which
// does not hold up the first paint when it is asked for here.
if (!import.meta.env.DEV) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = stylesheet;
  document.head.append(link);
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
