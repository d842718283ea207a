// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProofRecordVersion } from "~/lib/proofs/record";
import ProofPage from "./proof";

// The buyer's proof page as it renders its loader's data (the data itself: proof-loop.server.test.ts).

const token = "A".repeat(43);
const reference = "Q-2026-0042";

function proofVersion(version: number, changes: Partial<ProofRecordVersion> = {}): ProofRecordVersion {
  return {
    version,
    sent: "2026-11-20 13:05 PKT",
    fileName: `${reference}-proof-v${version}.png`,
    mediaType: "image/png",
    bytes: 20_480,
    sha256: String(version).repeat(64),
    message: "",
    status: "waiting",
    summary: "Waiting for the buyer",
    answer: null,
    ...changes,
  };
}

const changesOn = (version: number) =>
  proofVersion(version, {
    status: "changes requested",
    summary: `Changes requested on v${version}`,
    answer: { kind: "changes", name: null, role: null, at: "2026-11-21 12:00 PKT", changes: "Bigger", sha256: null },
  });

const replaced = (version: number) =>
  proofVersion(version, { status: "replaced", summary: "Not answered before the next version" });

async function renderPage(latest: ProofRecordVersion, earlier: ProofRecordVersion[]) {
  const page = { reference, item: "Pens", design: null, latest, earlier, approved: null, done: null };
  const Stub = createRoutesStub([
    { path: "/proof/:token", Component: ProofPage as never, loader: () => page, HydrateFallback: () => null },
  ]);
  render(<Stub initialEntries={[`/proof/${token}`]} />);
  await screen.findByRole("heading", { level: 1, name: `Proof v${latest.version} for ${reference}` });
}

describe("the proof page", () => {
  it("says which version replaced each earlier one", async () => {
    await renderPage(proofVersion(3), [replaced(2), changesOn(1)]);
    const earlier = within(screen.getByRole("region", { name: "Earlier versions" })).getAllByRole("listitem");
    expect(earlier.map((item) => within(item).getByText(/^Replaced by v\d+$/).textContent)).toEqual([
      "Replaced by v3",
      "Replaced by v2",
    ]);
  });
});
