/** One address from a mail header, as the sender wrote it: nothing here proves who sent the mail. */
export type MailAddress = { name: string; address: string };

export type InboundAttachment = {
  /** The sender's file name, cut to a base name without control characters (never a path). */
  filename: string;
  /** From the bytes (magic numbers), application/octet-stream when they are not a known type. */
  contentType: string;
  /** What the sender's header said: for information only, never to decide how to treat the bytes. */
  declaredType: string;
  size: number;
  content: Buffer;
};

/** A mail from the office mailbox, as the reader hands it to the store. */
export type InboundMail = {
  /** "<id@host>" as in the header; for a mail without one, made from a hash of its bytes (same on every read). */
  messageId: string;
  /** The Message-ID this mail answers, "<id@host>", or null. */
  inReplyTo: string | null;
  /** The thread's Message-IDs from the References header, oldest first. */
  references: string[];
  from: MailAddress;
  to: MailAddress[];
  subject: string;
  /** When the office's server received it (UTC ISO): the sender sets the Date header, the server this. */
  date: string;
  /** The Date header (UTC ISO), or null when it is missing or not a date. */
  sentAt: string | null;
  /** The reply itself: the plain text (or the HTML part as text) without the quoted history where that is clear. */
  text: string;
  /** The whole plain text, quoted history included. */
  fullText: string;
  attachments: InboundAttachment[];
  /** Attachments not handed over: beyond the count, or larger than allowed. */
  attachmentsLeftOut: number;
  /** Larger than the reader downloads: only the headers were read; text and attachments are empty. */
  tooLarge: boolean;
  /** The size the server gave, in bytes. */
  size: number;
  /** The Authentication-Results header lines as written, topmost first (the sender may have added some). */
  authenticationResults: string[];
  /** The mail's bytes when it was read whole (for its files, should it be attached later); null otherwise. */
  source: Buffer | null;
};
