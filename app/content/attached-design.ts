/** The quote form's words for an attached design. */
export const attachedDesignText = {
  title: "Attached design",
  note: "Sent with your request: the mockup, your logo and the design's details.",
  remove: "Remove design",
} as const;
