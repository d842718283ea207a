import { z } from "zod";
import { describe, expect, it } from "vitest";
import { readRequestForm } from "~/lib/desk/request-forms";
import { readStaffForm } from "~/lib/desk/staff-forms";
import { creditNoteSchema } from "~/lib/invoices/desk.server";
import { fromSource } from "~/lib/mailbox/reader.server";
import { orderFormSchema } from "~/lib/orders/desk.server";
import { onceKeyField } from "~/lib/once/key";
import { recordPaymentSchema, reversePaymentSchema } from "~/lib/payments/desk.server";
import { editorField, editorMessages, readQuotationForm } from "~/lib/quotations/editor-schema";
import { greetingName } from "~/lib/messaging/greeting";
import { oneLine as subjectLine } from "~/lib/messaging/subjects";
import { proofAnswerSchema } from "~/lib/proofs/answer-schema";
import { quotationAnswerSchema } from "~/lib/quotations/buyer-answer-schema";
import { checkQuote } from "~/lib/quote-schema";
import {
  cleanFileName,
  flattenToOneLine,
  hasUnsafeCharacters,
  keepLinesAndTabs,
  oneLine,
  oneLineText,
  severalLinesText,
} from "./text-fields";

const hostile = {
  "a CR/LF starting a header": "Brand\r\nBcc: x@evil.test",
  "a right-to-left override": "Ayesha\u202E nahK",
  "a bell": "Ayesha\u0007 Khan",
  "a terminal escape": "Ayesha \u001b[2J Khan",
  "a NUL": "Ayesha\u0000Khan",
  "a C1 control": "Ayesha\u0085Khan",
  "a left-to-right embedding": "\u202AAyesha",
  "a first-strong isolate": "Ayesha\u2068Khan\u2069",
};

describe("one-line fields", () => {
  const role = z.object({ role: oneLineText("Your role", 200) });

  for (const [what, value] of Object.entries(hostile)) {
    it(`refuses ${what}, naming the field`, () => {
      expect(hasUnsafeCharacters(value)).toBe(true);
      const parsed = role.safeParse({ role: value });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        "Your role must be one line of text, without control or text-direction characters.",
      );
    });
  }

  it("takes names in any script, with their marks, dots, apostrophes and hyphens; trims; absent is blank", () => {
    for (const name of ["Dr. Ayesha Khan-Malik", "عائشہ خان", "D'Souza", "Zoë Ó Briain", "मोहन दास"])
      expect(role.parse({ role: ` ${name} ` }).role).toBe(name);
    expect(role.parse({}).role).toBe("");
  });

  it("says when a required one is empty and when one is too long", () => {
    const name = z.object({ name: oneLineText("Your name", 10, { required: "Write your name." }) });
    expect(name.safeParse({ name: "   " }).error?.issues[0]?.message).toBe("Write your name.");
    expect(name.safeParse({}).error?.issues[0]?.message).toBe("Write your name.");
    expect(name.safeParse({ name: "x".repeat(11) }).error?.issues[0]?.message).toBe(
      "Your name is too long (at most 10 characters).",
    );
  });

  it("is a check the full build's strings take too", () => {
    const reason = z.string().max(200).check(oneLine("The reason"));
    expect(reason.safeParse("Paid twice").success).toBe(true);
    expect(reason.safeParse("Paid\u001b[2J twice").error?.issues[0]?.message).toMatch(/^The reason must be one line/);
  });
});

describe("several-line fields", () => {
  const changes = z.object({ changes: severalLinesText("What should change?", 5_000, { required: "Say it." }) });

  it("keep line breaks (as LF) and tabs, and remove every other control and direction character", () => {
    const typed = "Line one\r\nLine two\r\tindented\u0007 bell\u001b[2J\u202E gone\u2066\u0000\nend\rlast";
    const kept = "Line one\nLine two\n\tindented bell[2J gone\nend\nlast";
    expect(keepLinesAndTabs(typed)).toBe(kept);
    expect(changes.parse({ changes: typed }).changes).toBe(kept);
  });

  it("count as empty when only control characters were typed", () => {
    expect(changes.safeParse({ changes: "\u0007\u202E\r\n" }).error?.issues[0]?.message).toBe("Say it.");
  });
});

describe("the buyer's forms", () => {
  const accept = {
    intent: "accept",
    version: "1",
    sha256: "a".repeat(64),
    name: "Dr. Ayesha Khan",
    role: "Brand Manager",
    poNumber: "PO-7781",
  };

  it("refuse a role, name or PO number that would break a mail header, a record or a terminal", () => {
    expect(quotationAnswerSchema.safeParse(accept).success).toBe(true);
    for (const [field, label] of [
      ["role", "Your role"],
      ["name", "Your name"],
      ["poNumber", "Purchase order number"],
    ] as const) {
      for (const value of Object.values(hostile)) {
        const parsed = quotationAnswerSchema.safeParse({ ...accept, [field]: value });
        expect(parsed.error?.issues[0]?.message, `${field}: ${JSON.stringify(value)}`).toBe(
          `${label} must be one line of text, without control or text-direction characters.`,
        );
      }
    }
    const approval = { intent: "approve", version: "1", name: "Ayesha Khan", role: "Brand\r\nBcc: x@evil.test" };
    expect(proofAnswerSchema.safeParse(approval).error?.issues[0]?.message).toBe(
      "Your role must be one line of text, without control or text-direction characters.",
    );
  });

  it("keep only the line breaks and tabs of the changes asked for", () => {
    const parsed = quotationAnswerSchema.parse({
      intent: "quotation-changes",
      version: "1",
      changes: "Blue ink\r\n\tnot red\u202E\u0007",
    });
    expect(parsed).toMatchObject({ changes: "Blue ink\n\tnot red" });
  });
});

describe("the public quote form", () => {
  it("stores its one-line fields without control or direction characters and its message with its lines, refusing nothing more than the spec says", () => {
    const check = checkQuote({
      name: "Ayesha\u202E Khan\u0007",
      company: "Acme\r\nBcc: x@evil.test",
      email: "ayesha@acme.example",
      phone: "0300\u001b[2J 1234567",
      message: "500 pens\r\n\tblue\u0007",
    });
    expect(check).toMatchObject({
      ok: true,
      data: {
        name: "Ayesha Khan",
        company: "Acme  Bcc: x@evil.test",
        phone: "0300[2J 1234567",
        message: "500 pens\n\tblue",
      },
    });
  });
});

describe("outside file names and subjects", () => {
  it("lose their direction overrides and control characters", () => {
    expect(cleanFileName("evil\u202Egnp.svg")).toBe("evilgnp.svg");
    expect(cleanFileName("logo\r\n\u0007.png")).toBe("logo.png");
    expect(cleanFileName("\u202E\u0000")).toBe("file");
    expect(flattenToOneLine("a\r\nb\u202Ec")).toBe("a  bc");
    expect(subjectLine("Re: order\r\nBcc: x@evil.test\u001b[2J\u202E")).toBe("Re: order Bcc: x@evil.test[2J");
  });

  it("a mail's attachment named with a right-to-left override is kept and shown without it", async () => {
    const raw = [
      "From: Ayesha Khan <ayesha@acme.example>",
      "To: sales@promo.example",
      "Subject: logo",
      "Message-ID: <rtl-1@acme.example>",
      'Content-Type: multipart/mixed; boundary="b1"',
      "MIME-Version: 1.0",
      "",
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Our logo attached.",
      "--b1",
      "Content-Type: image/svg+xml",
      "Content-Disposition: attachment; filename*=UTF-8''evil%E2%80%AEgnp.svg",
      "",
      '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
      "--b1--",
      "",
    ].join("\r\n");
    const mail = await fromSource(Buffer.from(raw), raw.length, "2026-11-28T06:00:00.000Z");
    expect(mail.attachments.map((file) => file.filename)).toEqual(["evilgnp.svg"]);
  });
});

describe("the greeting of a mail to a buyer", () => {
  it("is the name typed when it looks like a person's, in any script", () => {
    expect(greetingName("Dr. Ayesha Khan")).toBe("Dr. Ayesha Khan");
    expect(greetingName("  عائشہ   خان ")).toBe("عائشہ خان");
    expect(greetingName("Mary-Jane O'Neil")).toBe("Mary-Jane O'Neil");
    expect(greetingName("x".repeat(60))).toBe("x".repeat(60));
  });

  it("is 'customer' for anything else: links, offers, digits, markup, control characters, more than 60 characters", () => {
    for (const typed of [
      "CLAIM YOUR PKR 50,000 PRIZE AT http://evil.test/claim",
      "Visit evil.test/claim",
      "Win 50000",
      "<b>Ayesha</b>",
      "Ayesha\u202E Khan",
      "Ayesha\r\nBcc: x@evil.test",
      "x".repeat(61),
      "...",
      "",
    ])
      expect(greetingName(typed), typed).toBe("customer");
  });
});

describe("the desk's forms", () => {
  const formOf = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return form;
  };

  it("refuse control and direction characters in one-line fields, with a message naming the field", () => {
    expect(
      readStaffForm(formOf({ intent: "add", name: "Sana\u202E", email: "s@promo.example", role: "staff" })),
    ).toEqual({ ok: false, error: "Name must be one line of text, without control or text-direction characters." });
    expect(readRequestForm(formOf({ intent: "status", status: "lost", reason: "Cheaper\u001b[2J" }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Details \(optional\) must be one line/),
    });
    // A valid one-time key on the money forms, so the only fault left is the field under test.
    const key = { [onceKeyField]: "key-0123456789abcdef" };
    const payment = { ...key, intent: "record", amount: "1000", method: "cash", kind: "advance", date: "2026-11-20" };
    expect(
      recordPaymentSchema.safeParse({ ...payment, reference: "TX-1\r\nBcc: x" }).error?.issues[0]?.message,
    ).toMatch(/^The reference must be one line/);
    expect(reversePaymentSchema.safeParse({ ...key, intent: "reverse", payment: "1", reason: "x\u0007" }).success).toBe(
      false,
    );
    expect(reversePaymentSchema.safeParse({ ...key, intent: "reverse", payment: "1", reason: "x" }).success).toBe(true);
    expect(
      creditNoteSchema.safeParse({ ...key, intent: "credit", invoice: "INV-1", amount: "1", reason: "x\u2067" })
        .success,
    ).toBe(false);
    expect(
      creditNoteSchema.safeParse({ ...key, intent: "credit", invoice: "INV-1", amount: "1", reason: "x" }).success,
    ).toBe(true);
    expect(
      orderFormSchema.safeParse({ intent: "delivered", receivedBy: "Guard\u202E", receivedDate: "2026-11-20" }).error
        ?.issues[0]?.message,
    ).toMatch(/^The name of who received it must be one line/);
  });

  it("keep only line breaks and tabs in several-line fields", () => {
    const note = readRequestForm(formOf({ intent: "note", note: "Called\r\n\tno answer\u0007\u202E" }));
    expect(note).toEqual({ ok: true, form: { intent: "note", note: "Called\n\tno answer" } });
    expect(orderFormSchema.parse({ intent: "back", reason: "Wrong\r\ncolour\u001b" })).toEqual({
      intent: "back",
      reason: "Wrong\ncolour",
    });
  });

  it("the quotation editor refuses them in its one-line fields and keeps the note's lines", () => {
    const values = {
      lines: [
        {
          item: "onset-pen",
          description: "ONSET pen\u202E",
          decoration: "Pad print",
          quantities: ["250", "", ""] as [string, string, string],
          units: ["95", "", ""] as [string, string, string],
          setup: "",
        },
      ],
      delivery: "",
      taxRate: "18",
      buyerNtn: "",
      buyerStrn: "",
      validUntil: "2026-12-10",
      leadTimeDays: "10",
      leadTime: "10 business days",
      paymentTerms: "50 % advance",
      note: "Line one\r\n\tLine two\u0007",
    };
    expect(readQuotationForm(values, "2026-11-26")).toEqual({
      ok: false,
      errors: { [editorField.description(0)]: editorMessages.oneLine },
    });
    const fixed = readQuotationForm(
      { ...values, lines: [{ ...values.lines[0]!, description: "ONSET pen" }] },
      "2026-11-26",
    );
    expect(fixed).toMatchObject({ ok: true, draft: { note: "Line one\n\tLine two" } });
  });
});
