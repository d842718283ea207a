import { describe, expect, it } from "vitest";
import { deskText } from "~/content/desk";
import { proofText } from "~/content/proofs";
import { proofLimits } from "~/lib/proofs/rules";
import { readRequestForm, requestIntent } from "./request-forms";

const formOf = (fields: Record<string, string | Blob>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};
const read = (fields: Record<string, string | Blob>) => readRequestForm(formOf(fields));
const refusal = (fields: Record<string, string | Blob>) => {
  const result = read(fields);
  return result.ok ? null : result.error;
};

const replyKey = "0f8d2c3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f";
const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "proof.png", { type: "image/png" });

describe("the request page's WhatsApp forms", () => {
  it("read free text up to what WhatsApp takes in one message, and one of the four templates", () => {
    expect(read({ intent: "whatsapp-text", whatsappText: ` ${"ق".repeat(5_000)} `, whatsappKey: replyKey })).toEqual({
      ok: true,
      form: { intent: "whatsapp-text", whatsappText: "ق".repeat(4_096), whatsappKey: replyKey },
    });
    expect(read({ intent: "whatsapp-template", template: "order-stage", templateKey: replyKey })).toEqual({
      ok: true,
      form: { intent: "whatsapp-template", template: "order-stage", templateKey: replyKey },
    });
  });

  // Whether a kind is one of the approved templates the modules registered is the server's to say
  // (app/lib/whatsapp/desk-intents.server.test.ts); the form refuses what cannot be a kind's name.
  it("refuse a blank text, a template that cannot be a kind's name, and a form without its key", () => {
    expect(refusal({ intent: "whatsapp-text", whatsappText: " \n ", whatsappKey: replyKey })).toBe(
      deskText.quote.empty,
    );
    for (const template of ["proof_ready", "", "Proof ready", "<script>"])
      expect(refusal({ intent: "whatsapp-template", template, templateKey: replyKey }), template).toBe(
        deskText.whatsapp.chooseTemplate,
      );
    expect(refusal({ intent: "whatsapp-text", whatsappText: "Hello" })).toBe("Reload the page and send it again.");
    expect(refusal({ intent: "whatsapp-template", template: "proof", templateKey: "x" })).toBe(
      "Reload the page and send it again.",
    );
    expect(requestIntent(formOf({ intent: "whatsapp-text" }))).toBe("whatsapp-text");
  });
});

describe("the request page's forms", () => {
  it("reads each intent's good form, its text trimmed and cut to its length", () => {
    expect(
      read({ intent: "status", status: "lost", lostReason: "Chose another supplier", reason: "  Karachi, cheaper " }),
    ).toEqual({
      ok: true,
      form: { intent: "status", status: "lost", lostReason: "Chose another supplier", reason: "Karachi, cheaper" },
    });
    expect(read({ intent: "status", status: "waiting_on_buyer", lostReason: "" })).toEqual({
      ok: true,
      form: { intent: "status", status: "waiting_on_buyer", reason: "" },
    });
    // A reason not on the list is refused with what to do; the statuses of before are no longer chosen.
    expect(refusal({ intent: "status", status: "lost", lostReason: "Too dear" })).toBe(
      "Choose why the request was lost.",
    );
    expect(refusal({ intent: "status", status: "quoted" })).toBe("Choose a status.");
    expect(read({ intent: "whatsapp" })).toEqual({ ok: true, form: { intent: "whatsapp" } });
    expect(read({ intent: "note", note: ` ${"n".repeat(6_000)} ` })).toEqual({
      ok: true,
      form: { intent: "note", note: "n".repeat(5_000) },
    });
    expect(read({ intent: "reply", reply: "Dear Ayesha, 500 pens cost …\n", replyKey })).toEqual({
      ok: true,
      form: { intent: "reply", reply: "Dear Ayesha, 500 pens cost …", replyKey },
    });
    const proof = read({ intent: "proof", proof: png, message: " Blue logo, 40 mm wide " });
    expect(proof.ok && proof.form).toMatchObject({ intent: "proof", message: "Blue logo, 40 mm wide" });
    expect(proof.ok && proof.form.intent === "proof" && proof.form.proof.size).toBe(4);
    expect(read({ intent: "end-link", link: "7" })).toEqual({ ok: true, form: { intent: "end-link", link: 7 } });
    expect(read({ intent: "end-all-links" })).toEqual({ ok: true, form: { intent: "end-all-links" } });
    expect(read({ intent: "won" })).toEqual({ ok: true, form: { intent: "won" } });
  });

  it("refuses a missing or blank field with what the page says today", () => {
    expect(refusal({ intent: "status" })).toBe("Choose a status.");
    expect(refusal({ intent: "status", status: "paid" })).toBe("Choose a status.");
    expect(refusal({ intent: "note" })).toBe(deskText.quote.empty);
    expect(refusal({ intent: "note", note: " \n\t " })).toBe(deskText.quote.empty);
    expect(refusal({ intent: "reply", replyKey })).toBe(deskText.quote.empty);
    expect(refusal({ intent: "reply", reply: "   ", replyKey })).toBe(deskText.quote.empty);
    // A blank reply is named before a missing key, as the page always checked them.
    expect(refusal({ intent: "reply", reply: "" })).toBe(deskText.quote.empty);
    expect(refusal({ intent: "reply", reply: "Hello" })).toBe("Reload the page and send the reply again.");
    expect(refusal({ intent: "reply", reply: "Hello", replyKey: "not-a-key" })).toBe(
      "Reload the page and send the reply again.",
    );
    expect(refusal({ intent: "proof" })).toBe("Choose a proof file.");
    expect(refusal({ intent: "proof", proof: "not a file" })).toBe("Choose a proof file.");
    expect(refusal({ intent: "proof", proof: new File([], "empty.png") })).toBe("Choose a proof file.");
    expect(refusal({ intent: "proof", proof: new File([new Uint8Array(proofLimits.fileBytes + 1)], "big.png") })).toBe(
      proofText.desk.tooLarge,
    );
    expect(refusal({ intent: "end-link", link: "one" })).toBe("No such link.");
    expect(refusal({ intent: "end-link" })).toBe("No such link.");
  });

  it("refuses an intent the page does not have, and a field sent twice is read once", () => {
    for (const intent of ["", "delete", "__proto__", "toString", "STATUS"]) {
      expect(refusal({ intent })).toBe("Unknown action.");
      expect(requestIntent(formOf({ intent }))).toBeNull();
    }
    expect(refusal({})).toBe("Unknown action.");
    expect(requestIntent(formOf({}))).toBeNull();
    expect(requestIntent(formOf({ intent: "won" }))).toBe("won");

    const twice = formOf({ intent: "note", note: "First" });
    twice.append("note", "Second");
    twice.append("intent", "won");
    expect(readRequestForm(twice)).toEqual({ ok: true, form: { intent: "note", note: "First" } });
  });

  it("reads an owner as a staff id or nobody, and refuses anything else with what the page says", () => {
    expect(read({ intent: "assign", owner: " 12 " })).toEqual({ ok: true, form: { intent: "assign", owner: 12 } });
    expect(read({ intent: "assign", owner: "" })).toEqual({ ok: true, form: { intent: "assign", owner: null } });
    expect(read({ intent: "take", owner: "12" })).toEqual({ ok: true, form: { intent: "take" } });
    for (const owner of ["0", "-3", "1.5", "Sana", "1e3", "12 OR 1=1", "9999999999"])
      expect(refusal({ intent: "assign", owner }), owner).toBe(deskText.quote.chooseOwner);
    expect(refusal({ intent: "assign" })).toBe(deskText.quote.chooseOwner);
    expect(requestIntent(formOf({ intent: "assign" }))).toBe("assign");
    expect(requestIntent(formOf({ intent: "take" }))).toBe("take");
  });
});
