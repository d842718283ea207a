/** The words of the buyer's tax registration fields, the same on the buyer's acceptance and the desk's order page. */
export const taxRegistrationText = {
  registrationType: "Sales tax registration",
  chooseOne: "Choose…",
  ntnCnic: "NTN or CNIC",
  ntnCnicHint: "NTN as 1234567-8, or CNIC as 35202-1234567-1; may be left empty when not registered",
  businessName: "Business name",
  province: "Province",
  address: "Address on the invoice",
} as const;
