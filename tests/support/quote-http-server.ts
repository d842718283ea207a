// Child process of the upload server tests: /contact's handler behind a real HTTP server on the
// production quote service, so the tests measure this process alone (its memory, a kill -9).
// Usage: node --import tsx tests/support/quote-http-server.ts PORT   (DATA_DIR from the environment)
import { createServer } from "node:http";
import { createReadableStreamFromReadable } from "@react-router/node";
import { handleQuoteForm } from "../../app/lib/quotes/http.server";
import { startQuoteService } from "../../app/lib/quotes/service.server";
import { requestContext } from "~/lib/request-context";

const port = Number(process.argv[2]);
const service = startQuoteService();

createServer((req, res) => {
  const request = new Request(`http://127.0.0.1:${port}${req.url}`, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: req.method === "POST" ? createReadableStreamFromReadable(req) : undefined,
    duplex: "half",
  } as RequestInit);
  handleQuoteForm(request, requestContext({ clientIp: req.socket.remoteAddress ?? "unknown" }), service).then(
    (answer) => {
      res.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
      res.end(JSON.stringify(answer.result));
    },
    (error: unknown) => {
      res.writeHead(500).end(String(error));
    },
  );
}).listen(port, "127.0.0.1", () => console.log("ready"));
