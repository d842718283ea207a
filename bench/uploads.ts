// Whether an upload can hold the pages of other visitors: the production server (`node server.js`,
// after `npm run build`) takes the costliest files of the test corpus one after another, on one
// connection, while page requests, one after another on another, are timed. Prints p50/p99 of the
// page requests with and without the uploads.
// Usage: npm run bench:uploads [-- --seconds 30] [--only refused|accepted]
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpus } from "../tests/support/upload-fixtures";

export const uploadBudgets = { pageP99Ms: 100 } as const;

const seconds = Number(process.argv[process.argv.indexOf("--seconds") + 1] || 30);
/** `--only refused` or `--only accepted`: the files of one kind, to tell where a page's wait comes from. */
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const pages = ["/contact", "/no-such-page"]; // a prerendered page and one React Router renders

function freePort(): Promise<number> {
  return new Promise((found, failed) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => found(port));
    });
    probe.on("error", failed);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function timePages(origin: string, until: () => boolean) {
  const times: number[] = [];
  for (let i = 0; !until(); i++) {
    const started = performance.now();
    const response = await fetch(origin + pages[i % pages.length]);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((pause) => setTimeout(pause, 20));
  }
  return times.sort((a, b) => a - b);
}

const describe = (times: number[]) =>
  `${times.length} requests: p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms, worst ${times.at(-1)!.toFixed(1)} ms`;

async function main() {
  if (!existsSync("build/server/server.js")) throw new Error("No build: run `npm run build` first.");
  const dataDir = mkdtempSync(join(tmpdir(), "bench-uploads-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      QUOTE_RATE_LIMIT: "1000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let tries = 0; ; tries++) {
      try {
        await fetch(origin + "/contact");
        break;
      } catch {
        if (tries > 200) throw new Error("The server did not start");
        await new Promise((pause) => setTimeout(pause, 100));
      }
    }
    // The worst files: those that cost the checker most, and the hostile ones refused after parsing.
    const files = await Promise.all(
      corpus
        .filter(
          (file) => file.heavy || file.expect.code === "svg_too_complex" || file.expect.code === "svg_declarations",
        )
        .filter((file) => !only || (only === "accepted") === (file.expect.status === 200))
        .map(async (file) => ({ ...file, bytes: await file.make() })),
    );
    // One of each first, so the checker's thread is started and jsdom loaded, as on a server that has seen a logo.
    const statuses = new Map<string, number>();
    let uploads = 0;
    const upload = async (file: (typeof files)[number]) => {
      const form = new FormData();
      form.append("name", "Bench buyer");
      form.append("email", `bench-${uploads}@acme.example`);
      form.append("message", `Bench upload ${uploads}`);
      form.append("logo", new Blob([new Uint8Array(file.bytes)]), file.fileName);
      const response = await fetch(origin + "/contact", {
        method: "POST",
        body: form,
        headers: { Accept: "application/json" },
      });
      await response.arrayBuffer();
      uploads++;
      const key = `${file.name}: ${response.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    };
    await upload(files[0]!);

    const quietEnd = Date.now() + 5_000;
    const quiet = await timePages(origin, () => Date.now() > quietEnd);

    const end = Date.now() + seconds * 1000;
    const loop = (async () => {
      for (let i = 0; Date.now() < end; i++) await upload(files[i % files.length]!);
    })();
    const loaded = await timePages(origin, () => Date.now() > end);
    await loop;

    console.log(`Pages alone: ${describe(quiet)}`);
    console.log(
      `Pages while ${uploads - 1} uploads of the worst files ran one after another for ${seconds} s: ${describe(loaded)}`,
    );
    for (const [key, count] of statuses) console.log(`  ${count} × ${key}`);
    const p99 = percentile(loaded, 0.99);
    if (p99 >= uploadBudgets.pageP99Ms) {
      console.log(`Over budget: p99 ${p99.toFixed(1)} ms ≥ ${uploadBudgets.pageP99Ms} ms`);
      process.exitCode = 1;
    } else console.log(`Within budget: p99 < ${uploadBudgets.pageP99Ms} ms`);
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
