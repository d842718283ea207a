import { describe, expect, it } from "vitest";
import { checkQuote, missingRequiredFields, neededByRange, quoteAsText, quoteLimits } from "./quote-schema";

const valid = {
  name: "Ayesha Khan",
  company: "Acme Pharma",
  email: "ayesha@acme.example",
  phone: "+92 300 1234567",
  product: "pens",
  message: "500 pens with our logo",
};
/** What the schema makes of `valid`: no quantity or needed-by date given. */
const checked = { ...valid, replyChannel: "email", quantity: null, neededBy: null };

/** Thursday 26 November 2026, 10:00 in Lahore. */
const now = new Date("2026-11-26T05:00:00Z");

describe("quote schema", () => {
  it("trims every value", () => {
    const result = checkQuote({ ...valid, name: "  Ayesha Khan \n", company: " Acme ", message: "\t500 pens " });
    expect(result).toEqual({ ok: true, data: { ...checked, company: "Acme", message: "500 pens" } });
  });

  it("treats absent optional fields as empty", () => {
    const result = checkQuote({ name: "A", email: "a@b.example", message: "Hello" });
    expect(result).toEqual({
      ok: true,
      data: {
        name: "A",
        company: "",
        email: "a@b.example",
        phone: "",
        replyChannel: "email",
        product: "",
        quantity: null,
        neededBy: null,
        message: "Hello",
      },
    });
  });

  it.each(["name", "email", "message"] as const)(
    "requires %s: empty, only spaces or absent is 'Missing Information'",
    (field) => {
      for (const value of ["", "   ", "\n\t", undefined]) {
        const result = checkQuote({ ...valid, [field]: value });
        expect(result).toEqual({
          ok: false,
          problem: {
            code: "missing",
            title: "Missing Information",
            message: "Please fill in all required fields.",
            fields: [field],
          },
        });
      }
    },
  );

  it("lists every missing field", () => {
    const result = checkQuote({ company: "Acme" });
    expect(result.ok === false && result.problem.fields).toEqual(["name", "email", "message"]);
  });

  it("has no rule on phone format", () => {
    expect(checkQuote({ ...valid, phone: "call me after lunch" }).ok).toBe(true);
  });

  it.each([
    ["a list", "a@b.pk, x@evil.example"],
    ["a list split by a semicolon", "a@b.pk;x@evil.example"],
    ["a list split by a space", "a@b.pk x@evil.example"],
    ["mailto headers", "a@b.pk?bcc=x@evil.example"],
    ["a quoted local part", '"a b"@x.pk'],
    ["a header after a line break", "a@b.pk\r\nBcc: x@evil.example"],
    ["a name and an address", "Ayesha <a@b.pk>"],
    ["a mailto URL", "mailto:a@b.pk"],
    ["no domain", "ayesha at acme"],
    ["an address literal", "a@[127.0.0.1]"],
  ])("refuses %s in the email field, saying so: %j", (_, email) => {
    expect(checkQuote({ ...valid, email })).toEqual({
      ok: false,
      problem: {
        code: "invalid_email",
        title: "Invalid e-mail address",
        message: "Please enter one e-mail address, such as name@company.com.pk, and nothing else in that field.",
        fields: ["email"],
      },
    });
  });

  it.each([
    "ayesha.khan+promo@acme-pharma.com.pk",
    "o'brien@acme.example",
    "SALES@ACME.COM.PK",
    "a@localhost", // the HTML standard's rule, which the browser applies, takes a domain without a dot
  ])("accepts the address %s", (email) => {
    expect(checkQuote({ ...valid, email: ` ${email} ` })).toEqual({ ok: true, data: { ...checked, email } });
  });

  /** A value of `length` characters; for the email, an address otherwise valid (labels of at most 63). */
  const valueOf = (field: string, length: number) => {
    if (field !== "email") return "x".repeat(length);
    const last = "d".repeat(length - 64 - 1 - 64 - 64 - 3);
    return `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${last}.pk`;
  };

  it.each(Object.entries(quoteLimits))("caps %s at %i characters (after trimming)", (field, max) => {
    expect(valueOf(field, max + 1)).toHaveLength(max + 1);
    expect(checkQuote({ ...valid, [field]: ` ${valueOf(field, max)} ` }).ok).toBe(true);
    const result = checkQuote({ ...valid, [field]: valueOf(field, max + 1) });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem.code).toBe("too_long");
      expect(result.problem.fields).toEqual([field]);
      expect(result.problem.message).toMatch(
        new RegExp(`too long \\(at most ${max.toLocaleString("en-US")} characters\\)`),
      );
    }
  });

  it("reports a missing field before a too-long one", () => {
    const result = checkQuote({ ...valid, name: " ", message: "x".repeat(20_000) });
    expect(result.ok === false && result.problem.code).toBe("missing");
  });

  it("rejects values that are not text, and bodies that are not objects", () => {
    const number = checkQuote({ ...valid, phone: 123 });
    expect(number.ok === false && number.problem).toMatchObject({
      code: "invalid",
      message: "Phone must be text.",
      fields: ["phone"],
    });
    for (const body of [null, "text", 42, []])
      expect(checkQuote(body)).toMatchObject({ ok: false, problem: { code: "invalid" } });
  });
});

describe("Reply on WhatsApp", () => {
  const whatsappPhone = {
    code: "invalid_whatsapp_phone",
    title: "Check the phone number",
    message: "Please give a mobile number WhatsApp reaches, e.g. 0300 1234567.",
    fields: ["phone"],
  };

  it.each(["0300 1234567", "+92 300 1234567", "0092-321-7654321", "+44 7700 900123", "+971 50 123 4567"])(
    "chosen with the mobile %j: the request is answered on WhatsApp",
    (phone) => {
      expect(checkQuote({ ...valid, phone, replyChannel: "whatsapp" })).toEqual({
        ok: true,
        data: { ...checked, phone, replyChannel: "whatsapp" },
      });
    },
  );

  it.each([
    ["a Lahore landline", "042 3587 1234"],
    ["a landline written internationally", "+92 42 3587 1234"],
    ["a switchboard extension", "0300 1234567 ext 12"],
    ["words", "call me after lunch"],
    ["a number too short", "0300 12345"],
  ])("chosen with %s, the phone is refused, saying what number it takes", (_, phone) => {
    expect(checkQuote({ ...valid, phone, replyChannel: "whatsapp" })).toEqual({ ok: false, problem: whatsappPhone });
  });

  it("chosen without a phone, asks for one", () => {
    for (const phone of ["", "   ", undefined])
      expect(checkQuote({ ...valid, phone, replyChannel: "whatsapp" })).toEqual({ ok: false, problem: whatsappPhone });
  });

  it("not chosen, keeps the spec's form: any phone or none, answered by e-mail", () => {
    for (const phone of ["042 3587 1234", "call me after lunch", ""])
      for (const replyChannel of ["", "  ", undefined])
        expect(checkQuote({ ...valid, phone, replyChannel })).toEqual({ ok: true, data: { ...checked, phone } });
  });

  it("still reports a missing required field first", () => {
    const result = checkQuote({ ...valid, email: "", phone: "042 3587 1234", replyChannel: "whatsapp" });
    expect(result.ok === false && result.problem).toMatchObject({ code: "missing", fields: ["email"] });
  });

  it("takes nothing but the checkbox's value as a reply channel", () => {
    expect(checkQuote({ ...valid, replyChannel: "sms" })).toMatchObject({
      ok: false,
      problem: { code: "invalid", fields: ["replyChannel"] },
    });
  });
});

describe("quantity and needed-by date (optional)", () => {
  it("leaves both null when empty, only spaces or absent", () => {
    for (const value of ["", "  ", undefined, null])
      expect(checkQuote({ ...valid, quantity: value, neededBy: value }, now)).toEqual({ ok: true, data: checked });
  });

  it.each([
    ["500", 500],
    [" 1 ", 1],
    ["1,000", 1000],
    ["12 500", 12_500],
    ["1000000", 1_000_000],
  ])("takes the quantity %j as %i pieces", (quantity, pieces) => {
    expect(checkQuote({ ...valid, quantity }, now)).toEqual({ ok: true, data: { ...checked, quantity: pieces } });
  });

  it.each(["0", "-5", "1000001", "2.5", "1e3", "500 pcs", "five hundred", "9".repeat(40)])(
    "refuses the quantity %j, saying what a quantity is",
    (quantity) => {
      expect(checkQuote({ ...valid, quantity }, now)).toEqual({
        ok: false,
        problem: {
          code: "invalid_quantity",
          title: "Check the quantity",
          message: "Quantity must be a whole number of pieces, from 1 to 1,000,000 (such as 500), or left empty.",
          fields: ["quantity"],
        },
      });
    },
  );

  it("takes a needed-by date from today to two years ahead, in Pakistan's days", () => {
    for (const neededBy of ["2026-11-26", "2026-12-14", "2028-11-26"])
      expect(checkQuote({ ...valid, neededBy: ` ${neededBy} ` }, now)).toEqual({
        ok: true,
        data: { ...checked, neededBy },
      });
    // 23:30 on 25 November in UTC is already the 26th in Lahore: the 25th has passed there.
    expect(checkQuote({ ...valid, neededBy: "2026-11-25" }, new Date("2026-11-25T23:30:00Z")).ok).toBe(false);
    expect(neededByRange(new Date("2026-11-25T23:30:00Z"))).toEqual({ earliest: "2026-11-26", latest: "2028-11-26" });
  });

  it("refuses a needed-by date in the past, or more than 2 years ahead, saying which dates it takes", () => {
    expect(checkQuote({ ...valid, neededBy: "2026-11-25" }, now)).toEqual({
      ok: false,
      problem: {
        code: "invalid_needed_by",
        title: "Check the date",
        message: "Needed by is in the past: choose today or a later date, or leave it empty.",
        fields: ["neededBy"],
      },
    });
    expect(checkQuote({ ...valid, neededBy: "2028-11-27" }, now)).toEqual({
      ok: false,
      problem: {
        code: "invalid_needed_by",
        title: "Check the date",
        message: "Needed by is more than 2 years ahead: choose a date up to 26 November 2028, or leave it empty.",
        fields: ["neededBy"],
      },
    });
  });

  it.each(["14/12/2026", "2026-02-30", "2026-13-01", "tomorrow", "2026-12-14T10:00"])(
    "refuses %j as a needed-by date: not a day written YYYY-MM-DD",
    (neededBy) => {
      expect(checkQuote({ ...valid, neededBy }, now)).toMatchObject({
        ok: false,
        problem: {
          code: "invalid_needed_by",
          message: "Needed by must be a date, such as 2026-12-14, or left empty.",
          fields: ["neededBy"],
        },
      });
    },
  );

  it("still reports a missing required field first", () => {
    const result = checkQuote({ ...valid, name: "", quantity: "0", neededBy: "2020-01-01" }, now);
    expect(result.ok === false && result.problem).toMatchObject({ code: "missing", fields: ["name"] });
  });
});

describe("the browser's own check", () => {
  it("only asks for name, email and message, spaces counting as empty", () => {
    expect(missingRequiredFields({ name: "  ", email: "a@b.example", message: "" })).toEqual(["name", "message"]);
    expect(missingRequiredFields({ name: "A", email: "x", message: "y".repeat(50_000) })).toEqual([]);
  });
});

describe("quoteAsText", () => {
  it("writes the filled fields and the message, for WhatsApp and e-mail", () => {
    expect(quoteAsText({ ...valid, company: "", phone: "", replyChannel: "", quantity: "", neededBy: "" })).toBe(
      "Name: Ayesha Khan\nEmail: ayesha@acme.example\nProducts of interest: pens\n\n500 pens with our logo",
    );
    expect(quoteAsText({ ...valid, replyChannel: "", quantity: "500", neededBy: "2026-12-14" })).toContain(
      "Products of interest: pens\nQuantity: 500\nNeeded by: 2026-12-14\n",
    );
    expect(quoteAsText({ ...valid, replyChannel: "whatsapp", quantity: "", neededBy: "" })).toContain(
      "Phone: +92 300 1234567\nReply on WhatsApp: yes\nProducts of interest: pens\n",
    );
  });
});
