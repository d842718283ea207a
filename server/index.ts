// The production server, compiled by `react-router build` into build/server/server.js beside the React
// Router build it serves (vite.config.ts). Importing it starts nothing: server.js calls startServer().
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { QuoteConfigError } from "~/lib/quotes/config.server";
import { startQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import { createApp } from "./app";

/** build/client, beside the folder this file is compiled into. */
const clientDir = fileURLToPath(new URL("../client", import.meta.url));

export function startServer({ port = Number(process.env.PORT ?? 3000), host = process.env.HOST ?? "0.0.0.0" } = {}) {
  // The quote pipeline starts with the server, not with the first request: a bad environment stops
  // the start here, and notifications left in the outbox before a restart go out at once.
  try {
    startQuoteService();
  } catch (error) {
    if (!(error instanceof QuoteConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }

  const server = createApp({ build, clientDir }).listen(port, host, () => {
    console.log(`Site ready on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => server.close(() => void stopQuoteService().finally(() => process.exit(0))));
  }
  return server;
}
