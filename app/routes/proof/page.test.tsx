// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProofRecordVersion } from "~/lib/proofs/record";
import ProofPage from "./page";
import ProofRecord from "./record";

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
  const proofs = { reference, item: "Pens", design: null, latest, earlier, approved: null };
  const status = { needed: true, headline: `Please approve proof v${latest.version}`, detail: "" };
  const page = { reference, status, dueNow: null, proofs, quotation: null, done: null };
  const Stub = createRoutesStub([
    { path: "/proof/:token", Component: ProofPage as never, loader: () => page, HydrateFallback: () => null },
  ]);
  render(<Stub initialEntries={[`/proof/${token}`]} />);
  await screen.findByRole("heading", { level: 1, name: `Proof v${latest.version} for ${reference}` });
}

describe("the proof page", () => {
  it("links the printable record once any version has an answer, approved or not", async () => {
    await renderPage(proofVersion(1), []);
    expect(screen.queryByRole("link", { name: "Approval record (printable)" })).toBeNull();
    cleanup();
    await renderPage(proofVersion(2), [changesOn(1)]);
    expect(screen.getByRole("link", { name: "Approval record (printable)" })).toHaveAttribute(
      "href",
      `/proof/${token}/record`,
    );
    expect(screen.getByRole("button", { name: "Approve" })).toBeInTheDocument();
  });

  it("says which version replaced each earlier one", async () => {
    await renderPage(proofVersion(3), [replaced(2), changesOn(1)]);
    const earlier = within(screen.getByRole("region", { name: "Earlier versions" })).getAllByRole("listitem");
    expect(earlier.map((item) => within(item).getByText(/^Replaced by v\d+$/).textContent)).toEqual([
      "Replaced by v3",
      "Replaced by v2",
    ]);
  });
});

const approvedPdf = (version: number) =>
  proofVersion(version, {
    fileName: `${reference}-proof-v${version}.pdf`,
    mediaType: "application/pdf",
    bytes: 251_904,
    status: "approved",
    summary: `Approved v${version} by Dr. Ayesha Khan, Brand Manager`,
    answer: {
      kind: "approved",
      name: "Dr. Ayesha Khan",
      role: "Brand Manager",
      at: "2026-11-22 15:00 PKT",
      changes: null,
      sha256: String(version).repeat(64),
    },
  });

async function renderRecord(versions: ProofRecordVersion[]) {
  const record = {
    reference,
    item: "Pens",
    approved: versions.find((proof) => proof.answer?.kind === "approved") ?? null,
    versions,
  };
  const Stub = createRoutesStub([
    {
      path: "/proof/:token/record",
      Component: ProofRecord as never,
      loader: () => record,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={[`/proof/${token}/record`]} />);
  await screen.findByRole("heading", { level: 1, name: `Artwork approval record · ${reference}` });
}

describe("the approval record", () => {
  it("says plainly when nothing is approved yet, and lists the history", async () => {
    await renderRecord([proofVersion(2), changesOn(1)]);
    expect(screen.getByText("Approval").nextElementSibling).toHaveTextContent(/^Not approved yet$/);
    expect(screen.queryByText("Approved by")).toBeNull();
    expect(screen.queryByRole("img")).toBeNull();
    const history = within(screen.getAllByRole("list").at(-1)!).getAllByRole("listitem");
    expect(history.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^v2Sent .*Waiting for the buyer/),
      expect.stringMatching(/^v1Sent .*Changes requested on v1 · .*Bigger/),
    ]);
  });

  it("names an approved PDF, its size and hash, with its download, where a picture would be", async () => {
    await renderRecord([approvedPdf(2), changesOn(1)]);
    expect(screen.queryByRole("img")).toBeNull();
    const download = screen.getByRole("link", { name: "Download the approved PDF (v2)" });
    expect(download).toHaveAttribute("href", `/proof/${token}/file?v=2`);
    expect(download.closest("p")).toHaveTextContent(
      `The approved file is a PDF, not pictured here: ${reference}-proof-v2.pdf, 246 KB (251904 bytes), SHA-256 ${"2".repeat(64)}. Download the approved PDF (v2)`,
    );
    // The hash stays in the record's facts too.
    expect(screen.getByText("File SHA-256").nextElementSibling).toHaveTextContent("2".repeat(64));
  });
});
