// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProofRecordVersion } from "~/lib/proofs/record";
import { ProofsPanel } from "./proofs-panel";

const reference = "Q-2026-0042";
const version = (answer: ProofRecordVersion["answer"]) => ({
  version: 1,
  sent: "2026-11-20 13:05 PKT",
  fileName: `${reference}-proof-v1.png`,
  mediaType: "image/png" as const,
  bytes: 20_480,
  sha256: "1".repeat(64),
  message: "",
  status: answer ? ("changes requested" as const) : ("waiting" as const),
  summary: answer ? "Changes requested on v1" : "Waiting for the buyer",
  answer,
  sentBy: "Bilal <bilal@promo.example>",
});

function renderPanel(proofs: ReturnType<typeof version>[], canEndAllLinks = false) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <ProofsPanel
          reference={reference}
          proofs={proofs}
          links={[]}
          canMarkWon={false}
          canEndAllLinks={canEndAllLinks}
          error={null}
        />
      ),
    },
  ]);
  render(<Stub />);
}

describe("the desk's proofs", () => {
  it("do not link the approval record before the buyer answers", () => {
    renderPanel([version(null)]);
    expect(screen.queryByRole("link", { name: "Approval record" })).toBeNull();
  });

  it("link the desk's copy of it once a version has an answer, changes asked included", () => {
    renderPanel([
      version({ kind: "changes", name: null, role: null, at: "2026-11-21 12:00 PKT", changes: "Bigger", sha256: null }),
    ]);
    expect(screen.getByRole("link", { name: "Approval record" })).toHaveAttribute(
      "href",
      `/desk/quotes/${reference}/record`,
    );
  });

  it("offer to end all links with what that does, and only while there is something to end", () => {
    renderPanel([version(null)], true);
    const button = screen.getByRole("button", { name: "Yes, end all links" });
    expect(button).toHaveAccessibleDescription(/Every link of this request will answer “not found”, no reminder/);
    expect(button.closest("form")!.querySelector('input[name="intent"]')).toHaveValue("end-all-links");
    expect(screen.getByText("End all links").tagName).toBe("SUMMARY");
  });

  it("do not offer to end links when none is left", () => {
    renderPanel([version(null)], false);
    expect(screen.queryByText("End all links")).toBeNull();
  });
});
