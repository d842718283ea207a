// The npm registry reachable from this workplace serves only the platform packages of this machine
// (linux-x64): `npm install` then leaves the other platforms' optional binaries (rolldown, tailwind
// oxide, esbuild, ...) out of package-lock.json, and `npm ci` refuses the lock as "not in sync".
// This adds the missing optional entries the way a full registry would have written them; npm skips
// them at install time on platforms they are not for. Run it after every `npm install`:
//   node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const entries = lock.packages;
let added = 0;

// Platform fields read from a package's name, e.g. "@rollup/rollup-linux-arm64-musl".
function platformOf(name) {
  const os = [
    "android",
    "darwin",
    "freebsd",
    "linux",
    "win32",
    "openbsd",
    "netbsd",
    "sunos",
    "aix",
    "openharmony",
  ].find((candidate) => new RegExp(`[-/]${candidate}(-|$)`).test(name));
  const cpu = ["arm64", "arm", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "mips64el", "wasm32"].find(
    (candidate) => new RegExp(`-${candidate}(-|$)`).test(name),
  );
  const fields = {};
  if (os) fields.os = [os];
  if (cpu === "wasm32") fields.cpu = ["wasm32"];
  else if (cpu) fields.cpu = [cpu];
  if (/-musl/.test(name)) fields.libc = ["musl"];
  else if (/-gnu/.test(name) && os === "linux") fields.libc = ["glibc"];
  return fields;
}

for (const [path, entry] of Object.entries(entries)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === "" ? "" : `${path}/`;
    const nested = `${base}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (entries[nested] || entries[hoisted]) continue;
    const version = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range) ? range : range.replace(/^[\^~]/, "");
    entries[hoisted] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(entries).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} optional platform entries`);
