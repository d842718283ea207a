import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { tempDir } from "../tests/support/temp-dir";
import { createApp } from "./app";

describe("createApp", () => {
  it("loads the React Router build as the server starts, before any request needs it", async () => {
    const buildDir = tempDir("build");
    mkdirSync(join(buildDir, "client"));
    mkdirSync(join(buildDir, "server"));
    const marker = `buildLoaded${Date.now()}`;
    writeFileSync(join(buildDir, "server/index.js"), `globalThis.${marker} = true;\nexport const routes = {};\n`);

    createApp({ buildDir });

    await vi.waitFor(() => expect((globalThis as Record<string, unknown>)[marker]).toBe(true));
  });
});
