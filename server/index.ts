// The production server, compiled by `react-router build` into build/server/server.js beside the React
// Router build it serves (vite.config.ts). Importing it starts nothing: server.js calls startServer().
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { BackupConfigError } from "~/lib/backup/config.server";
import { FbrConfigError } from "~/lib/fbr/config.server";
import { MailboxConfigError } from "~/lib/mailbox/config.server";
import { QuoteConfigError } from "~/lib/quotes/config.server";
import { WhatsAppConfigError } from "~/lib/whatsapp/config.server";
import { startQuoteService, stopQuoteService } from "~/lib/quotes/service.server";
import { createApp } from "./app";

/** How long an idle keep-alive connection stays open: longer than the usual proxy's 60 s. */
export const IDLE_CONNECTION_MS = 65_000;

/** How long answers under way may take to finish once the server is told to stop. */
const SHUTDOWN_GRACE_MS = 5_000;

/** build/client, beside the folder this file is compiled into. */
const clientDir = fileURLToPath(new URL("../client", import.meta.url));

export function startServer({ port = Number(process.env.PORT ?? 3000), host = process.env.HOST ?? "0.0.0.0" } = {}) {
  // The quote pipeline starts with the server, not with the first request: a bad environment stops
  // the start here, and notifications left in the outbox before a restart go out at once.
  try {
    startQuoteService();
  } catch (error) {
    if (!(
      error instanceof QuoteConfigError ||
      error instanceof MailboxConfigError ||
      error instanceof BackupConfigError ||
      error instanceof FbrConfigError ||
      error instanceof WhatsAppConfigError
    ))
      throw error;
    console.error(error.message);
    process.exit(1);
  }

  // Express calls this back on a failed listen too, with the error: a site that could not take its port
  // must stop and say so, not announce itself while another program answers there.
  const server = createApp({ build, clientDir }).listen(port, host, (error?: Error) => {
    if (error) {
      const taken = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
      console.error(
        taken
          ? `Port ${port} on ${host} is already in use: stop the program that holds it, or set PORT to another port.`
          : `The site could not listen on ${host}:${port}: ${error.message}`,
      );
      process.exit(1);
    }
    // PORT=0 lets the system choose a free port; the line names the one it chose.
    const { port: listening } = server.address() as AddressInfo;
    console.log(`Site ready on http://${host === "0.0.0.0" ? "localhost" : host}:${listening}`);
  });
  // A client or proxy that reuses an idle connection just as the server closes it gets a reset instead of
  // an answer. Proxies keep idle upstream connections up to 60 s (nginx's and the cloud load balancers'
  // default), so the server keeps them longer and is not the side that closes first.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      // Answers under way get a few seconds to finish; idle connections close now. A client that stops
      // reading its answer would otherwise hold the stop for as long as the connection may idle.
      server.close(() => void stopQuoteService().finally(() => process.exit(0)));
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    });
  }
  return server;
}
