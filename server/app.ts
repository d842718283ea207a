import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import compression from "compression";
import express, { type Express, type Request, type Response } from "express";
import helmet from "helmet";
import send from "send";
import type { ServerBuild } from "react-router";
import {
  assetContentSecurityPolicy,
  contentSecurityPolicy,
  createNonce,
  inlineScriptHashes,
  formTargets,
  localImageSources,
} from "./csp";
import { refuseDeclaredOverLimit } from "./body-limits";
import { isPrecompressedCopy, preferredEncoding, precompressedExtension } from "./encoding";
import { requestContext } from "~/lib/request-context";
import { reactRouterHandler } from "./react-router-handler";

export type ServerOptions = {
  /** The React Router build the server answers with. */
  build: ServerBuild;
  /** Folder of the files the build made for browsers (build/client). */
  clientDir: string;
};

export const cacheControl = {
  /** Files under /assets (scripts, styles, the font, pictures) have their content's hash in their name. */
  hashed: "public, max-age=31536000, immutable",
  /** HTML and route data change with every deploy: always revalidated (ETag). */
  revalidate: "no-cache",
  /** Other public files (favicon, share image, sitemap): an hour, then revalidated. */
  other: "public, max-age=3600",
} as const;

export const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/** Headers that only a document acts on, left off the files a page loads. */
export const documentOnlyHeaders = [
  "Content-Security-Policy",
  "Permissions-Policy",
  "Referrer-Policy",
  "Strict-Transport-Security",
] as const;

/** A file a visitor could open as a page of its own: an SVG runs script and loads resources there. */
const opensAsDocument = (file: string) => /\.(html|svg|xml)$/.test(file);

/**
 * The production server: prerendered pages and hashed assets straight from disk (Brotli or gzip
 * files made at build time, chosen by Accept-Encoding), everything else (POSTs, unknown paths)
 * through React Router, compressed on the fly. Security headers on every response.
 */
export function createApp({ build, clientDir }: ServerOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  // Behind one reverse proxy at most; req.ip is then the visitor's address.
  app.set("trust proxy", "loopback");

  app.use(
    helmet({
      // Set below: per response, with hashes or a nonce.
      contentSecurityPolicy: false,
      strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Legacy headers no current browser needs (framing is refused by the CSP's frame-ancestors);
      // every byte of headers is paid on each request, and a page fits the first round trip or not.
      xFrameOptions: false,
      // A page's headers count towards its first round trip; no page opens, or is meant to be opened
      // by, another site's window (external links carry rel="noopener").
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  );
  app.use((req, res, next) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy([`'nonce-${nonce}'`], {
        localImages: localImageSources(req.path),
        formTargets: formTargets(req.path),
      }),
    );
    res.setHeader("Permissions-Policy", permissionsPolicy);
    next();
  });
  // Before anything reads it, a body is held to its path's limit (server/body-limits.ts).
  app.use(refuseDeclaredOverLimit);
  // One trailing-slash policy: /about/ → /about (query kept). Leading slashes, and backslashes, which
  // browsers read as slashes, become one: "//evil.example/" must not turn into another site's address.
  app.use((req, res, next) => {
    if (req.path.length <= 1 || !req.path.endsWith("/")) return next();
    const queryAt = req.originalUrl.indexOf("?");
    const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt);
    const path = `/${req.path.replace(/^[/\\]+/, "").replace(/\/+$/, "")}`;
    res.redirect(301, path + query);
  });

  // Files from build/client: /about → about/index.html, /assets/x-Hash.js → assets/x-Hash.js, …
  const scriptHashes = new Map<string, { mtimeMs: number; sources: string[] }>();
  function htmlPolicy(file: string, path: string) {
    const { mtimeMs } = statSync(file);
    let entry = scriptHashes.get(file);
    if (!entry || entry.mtimeMs !== mtimeMs) {
      entry = { mtimeMs, sources: inlineScriptHashes(readFileSync(file, "utf8")) };
      scriptHashes.set(file, entry);
    }
    return contentSecurityPolicy(entry.sources, { localImages: localImageSources(path) });
  }

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = staticFile(clientDir, req.path);
    if (!file) return next();
    const isHtml = file.endsWith(".html");
    const hashed = req.path.startsWith("/assets/");
    if (isHtml) {
      res.setHeader("Content-Security-Policy", htmlPolicy(file, req.path));
      // Protects a file another site could load as a subresource; a page is not one.
      res.removeHeader("Cross-Origin-Resource-Policy");
    } else if (opensAsDocument(file)) {
      res.setHeader("Content-Security-Policy", assetContentSecurityPolicy);
    } else {
      // A script, a stylesheet or an image the browser cannot open as a document: these govern documents
      // only (the referrer policy asked is the browsers' default, HSTS is taken from the pages), and a
      // first view asks for twenty-odd such files, each paying for its headers.
      for (const header of documentOnlyHeaders) res.removeHeader(header);
    }
    const cache = hashed
      ? cacheControl.hashed
      : isHtml || file.endsWith(".data")
        ? cacheControl.revalidate
        : cacheControl.other;
    sendPrecompressed(req, res, next, { root: clientDir, file, cache, validators: !hashed });
  });

  // Server-rendered responses (the 404 page, form results): compressed per request.
  app.use(compression());
  app.all(
    "/{*splat}",
    reactRouterHandler({
      build,
      getLoadContext: (req, res) =>
        requestContext({ clientIp: req.ip ?? "unknown", cspNonce: res.locals.cspNonce as string }),
    }),
  );

  return app;
}

/** The file under clientDir a GET of urlPath serves, if any (never a precompressed copy itself). */
function staticFile(clientDir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  for (const candidate of [join(clientDir, decoded, "index.html"), join(clientDir, decoded)]) {
    if (!candidate.startsWith(clientDir + sep)) continue;
    if (isPrecompressedCopy(candidate)) continue;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function sendPrecompressed(
  req: Request,
  res: Response,
  next: (error?: unknown) => void,
  { root, file, cache, validators }: { root: string; file: string; cache: string; validators: boolean },
) {
  const variants = (["br", "gzip"] as const).filter((coding) => existsSync(file + precompressedExtension[coding]));
  let sent = file;
  if (variants.length > 0) {
    res.vary("Accept-Encoding");
    const coding = preferredEncoding(req, variants);
    if (coding) {
      sent = file + precompressedExtension[coding];
      res.setHeader("Content-Encoding", coding);
    }
  }
  res.type(extname(file));
  res.setHeader("Cache-Control", cache);
  // `send` itself, not res.sendFile: Express forces an ETag on every file it sends.
  // An ETag alone revalidates; nobody resumes a download of these files.
  const options = {
    root,
    cacheControl: false,
    dotfiles: "deny",
    etag: validators,
    lastModified: false,
    acceptRanges: false,
  } as const;
  send(req, encodeURI(relative(root, sent)), options)
    .on("error", (error: unknown) => next(error))
    .pipe(res);
}
