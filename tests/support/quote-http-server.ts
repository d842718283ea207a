// Child process of the upload server tests: /contact's handler behind a real HTTP server on the
// production quote service, reached through the production server's door (its body limits, and the
// Request that React Router's routes get), so the tests measure this process alone (its memory, a
// kill -9, a body cut off).
// Usage: node --import tsx tests/support/quote-http-server.ts   (DATA_DIR from the environment)
// It listens on a port the system gives it and prints "ready PORT": a port chosen first and taken later
// could be taken by another test's server in between.
import express from "express";
import { handleQuoteForm } from "../../app/lib/quotes/http.server";
import { startQuoteService } from "../../app/lib/quotes/service.server";
import { refuseDeclaredOverLimit } from "../../server/body-limits";
import { webRequest } from "../../server/react-router-handler";
import { requestContext } from "~/lib/request-context";

const service = startQuoteService();

const app = express();
app.use(refuseDeclaredOverLimit);
app.post("/contact", (req, res) => {
  handleQuoteForm(
    webRequest(req, res),
    requestContext({ clientIp: req.socket.remoteAddress ?? "unknown" }),
    service,
  ).then(
    (answer) => {
      if (res.headersSent || res.destroyed) return;
      res.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
      res.end(JSON.stringify(answer.result));
    },
    (error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    },
  );
});
const server = app.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  console.log(`ready ${port}`);
});
