import { describe, expect, it } from "vitest";
import { checkQuote, missingRequiredFields, quoteAsText, quoteLimits } from "./quote-schema";

const valid = {
  name: "Ayesha Khan",
  company: "Acme Pharma",
  email: "ayesha@acme.example",
  phone: "+92 300 1234567",
  product: "pens",
  message: "500 pens with our logo",
};

describe("quote schema", () => {
  it("trims every value", () => {
    const result = checkQuote({ ...valid, name: "  Ayesha Khan \n", company: " Acme ", message: "\t500 pens " });
    expect(result).toEqual({ ok: true, data: { ...valid, company: "Acme", message: "500 pens" } });
  });

  it("treats absent optional fields as empty", () => {
    const result = checkQuote({ name: "A", email: "a@b.example", message: "Hello" });
    expect(result).toEqual({
      ok: true,
      data: { name: "A", company: "", email: "a@b.example", phone: "", product: "", message: "Hello" },
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
    expect(checkQuote({ ...valid, email: ` ${email} ` })).toEqual({ ok: true, data: { ...valid, email } });
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

describe("the browser's own check", () => {
  it("only asks for name, email and message, spaces counting as empty", () => {
    expect(missingRequiredFields({ name: "  ", email: "a@b.example", message: "" })).toEqual(["name", "message"]);
    expect(missingRequiredFields({ name: "A", email: "x", message: "y".repeat(50_000) })).toEqual([]);
  });
});

describe("quoteAsText", () => {
  it("writes the filled fields and the message, for WhatsApp and e-mail", () => {
    expect(quoteAsText({ ...valid, company: "", phone: "" })).toBe(
      "Name: Ayesha Khan\nEmail: ayesha@acme.example\nProducts of interest: pens\n\n500 pens with our logo",
    );
  });
});
