// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { QuoteConfirmation } from "./quote-notices";

const success = {
  status: "success",
  title: "Quote Request Submitted!",
  message: "We'll get back to you within 24 hours.",
} as const;

describe("the confirmation left in the form's place", () => {
  it("names the request's reference when the server gave one, and takes the focus", () => {
    render(
      <QuoteConfirmation
        result={{ ...success, reference: "Q-2026-0042", replyBy: "Monday 13:00 PKT" }}
        onAnother={() => {}}
      />,
    );
    const notice = screen.getByRole("status");
    expect(notice).toHaveTextContent("Quote Request Submitted!");
    expect(notice).toHaveTextContent("Your reference: Q-2026-0042");
    expect(notice).toHaveTextContent("We'll answer by Monday 13:00 PKT.");
    expect(notice).toHaveFocus();
    expect(screen.getByRole("button", { name: "Send another request" })).toHaveAttribute("type", "button");
  });

  it("says nothing of a reference without one; without JavaScript, 'Send another request' loads an empty form", () => {
    render(<QuoteConfirmation result={success} />);
    expect(screen.getByRole("status")).not.toHaveTextContent("reference");
    const another = screen.getByRole("button", { name: "Send another request" });
    expect(another).toHaveAttribute("type", "submit");
    expect(another.closest("form")).toHaveAttribute("method", "get");
  });
});
