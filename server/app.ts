import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { createRequestHandler } from "@react-router/express";
import express, { type Express } from "express";
import type { ServerBuild } from "react-router";

export type ServerOptions = {
  /** Folder holding the build (build/client and build/server). */
  buildDir?: string;
};

/**
 * The production server: prerendered pages and hashed assets straight from disk,
 * everything else (POSTs, unknown paths) through React Router.
 */
export function createApp({ buildDir = resolve("build") }: ServerOptions = {}): Express {
  const clientDir = join(buildDir, "client");
  const app = express();
  app.disable("x-powered-by");
  // Behind one reverse proxy at most; req.ip is then the visitor's address.
  app.set("trust proxy", "loopback");

  // One trailing-slash policy: /about/ → /about (query kept).
  app.use((req, res, next) => {
    if (req.path.length > 1 && req.path.endsWith("/")) {
      const query = req.originalUrl.slice(req.path.length);
      res.redirect(301, req.path.replace(/\/+$/, "") + query);
      return;
    }
    next();
  });

  app.use(
    "/assets",
    express.static(join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false }),
  );

  // Prerendered HTML: /about → build/client/about/index.html, revalidated on every visit (ETag).
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = join(clientDir, req.path, "index.html");
    if (!file.startsWith(clientDir) || !existsSync(file)) return next();
    res.sendFile(file, { cacheControl: false, headers: { "Cache-Control": "no-cache" } });
  });

  app.use(express.static(clientDir, { index: false, redirect: false, maxAge: "1h" }));

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: () => import(join(buildDir, "server/index.js")) as Promise<ServerBuild>,
      mode: process.env.NODE_ENV,
      getLoadContext: (req) => ({ clientIp: req.ip ?? "unknown" }),
    }),
  );

  return app;
}
