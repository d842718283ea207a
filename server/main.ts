import { QuoteConfigError } from "../app/lib/quotes/config.server";
import { startQuoteService, stopQuoteService } from "../app/lib/quotes/service.server";
import { createApp } from "./app";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

// The quote pipeline starts with the server, not with the first request: a bad environment stops
// the start here, and notifications left in the outbox before a restart go out at once.
// This import is the source copy of the module, next to the bundled copy inside build/server; both
// share the one instance that startQuoteService() puts on globalThis (see getQuoteService).
try {
  startQuoteService();
} catch (error) {
  if (!(error instanceof QuoteConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const server = createApp().listen(port, host, () => {
  console.log(`Site ready on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => void stopQuoteService().finally(() => process.exit(0))));
}
