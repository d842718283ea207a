/** An invoice's PDF as it is attached and downloaded: "INV-2026-27-0001.pdf". */
export const invoiceFileName = (number: string) => `${number}.pdf`;

/** A credit note's PDF: "CN-2026-27-0001.pdf". */
export const creditNoteFileName = (number: string) => `${number}.pdf`;

/** Invoice and credit note numbers as a URL may carry them (the route checks the rest). */
export const documentNumberPattern = /^(?:INV|CN)-\d{4}-\d{2}-\d{4}$/;
