import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { tempDir } from "../../../tests/support/temp-dir";

const churn = fileURLToPath(new URL("../../../tests/support/store-churn.ts", import.meta.url));

// In a child process on this test's Node, since the failure is an abort. With better-sqlite3 12 built against
// Node 24.19+ headers, the first collection that frees a statement aborted the process
// ("Assertion failed: (env) != nullptr" in Statement::~Statement).
it("keeps the process alive while the garbage collector frees the store's statements", () => {
  const result = spawnSync(process.execPath, ["--import", "tsx", churn, tempDir("quotes-gc"), "2000"], {
    encoding: "utf8",
    timeout: 60_000,
  });
  expect({ status: result.status, signal: result.signal, stderr: result.stderr.slice(0, 2000) }).toEqual({
    status: 0,
    signal: null,
    stderr: "",
  });
  expect(result.stdout).toMatch(/^stored 2000 /);
});
