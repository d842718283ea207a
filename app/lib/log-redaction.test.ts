import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pathForLog } from "./log-redaction";

describe("pathForLog", () => {
  const token = () => randomBytes(32).toString("base64url");

  it("leaves out every token a link carries, wherever it sits in the path", () => {
    for (let i = 0; i < 200; i++) {
      const secret = token();
      for (const path of [`/desk/setup/${secret}`, `/proof/${secret}`, `/proof/${secret}/fiel`, `/proof/${secret}/`]) {
        const logged = pathForLog(`http://localhost:3000${path}?next=/desk/x`);
        expect(logged).not.toContain(secret);
        expect(logged).toContain("[redacted]");
      }
    }
  });

  it("leaves out the query, and keeps the words of an ordinary mistyped path", () => {
    expect(pathForLog("http://localhost/portfolio/onset-pen-holder-blue/stuido?token=abc")).toBe(
      "/portfolio/onset-pen-holder-blue/stuido",
    );
    expect(pathForLog("http://localhost/blog/top-promotional-items-medical-conferences-2026")).toBe(
      "/blog/top-promotional-items-medical-conferences-2026",
    );
  });
});
