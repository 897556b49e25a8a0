import { validationError } from "../../core/errors.js";

// What issueInvoice accepts, checked before anything is written: a bad field is a 422 naming it,
// never a half-issued invoice or a number taken for nothing.

export interface InvoiceLineInput {
  descriptionAr: string;
  descriptionEn: string;
  quantity: number;
  /** The price of one, before VAT, in halalas. */
  unitHalalas: number;
}

export interface IssueInvoiceInput {
  tenantId: number;
  kind: "invoice" | "credit_note";
  /** Before VAT; a credit note's lines are the amounts it takes back, as positive numbers. */
  lines: InvoiceLineInput[];
  /** The payment (or, for a credit note, the refund) it records; null: an operator's manual invoice. */
  payment: { provider: string; reference: string } | null;
  /** The invoice a credit note corrects (required for credit_note, refused for invoice). */
  creditFor?: bigint;
  /** The service clock's now. */
  at: Date;
}

export const MAX_LINES = 100;
const MAX_DESCRIPTION = 300;
const MAX_QUANTITY = 1_000_000;
/** A column of halalas is a 32-bit integer: 21 million SAR, far above any gateway's bill. */
export const MAX_HALALAS = 2_147_483_647;

const textProblem = (v: unknown, max: number): string | undefined =>
  typeof v !== "string" || v.trim() === "" ? "must be a non-empty text" : v.length > max ? `must be at most ${max} characters` : undefined;

function lineProblems(line: InvoiceLineInput, at: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const ar = textProblem(line.descriptionAr, MAX_DESCRIPTION);
  const en = textProblem(line.descriptionEn, MAX_DESCRIPTION);
  if (ar) problems[`${at}.descriptionAr`] = ar;
  if (en) problems[`${at}.descriptionEn`] = en;
  if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY) problems[`${at}.quantity`] = `must be a whole number from 1 to ${MAX_QUANTITY}`;
  if (!Number.isInteger(line.unitHalalas) || line.unitHalalas < 0 || line.unitHalalas > MAX_HALALAS) problems[`${at}.unitHalalas`] = "must be a whole number of halalas, 0 or more";
  return problems;
}

function paymentProblems(payment: IssueInvoiceInput["payment"]): Record<string, string> {
  if (payment === null) return {};
  const problems: Record<string, string> = {};
  const provider = textProblem(payment.provider, 50);
  const reference = textProblem(payment.reference, 200);
  if (provider) problems["payment.provider"] = provider;
  if (reference) problems["payment.reference"] = reference;
  return problems;
}

/** Refuses (422, every problem named) what no invoice may say. */
export function checkIssueInput(input: IssueInvoiceInput): void {
  const problems: Record<string, string> = {
    ...(input.kind !== "invoice" && input.kind !== "credit_note" ? { kind: "must be invoice or credit_note" } : {}),
    ...(input.kind === "credit_note" && input.creditFor === undefined ? { creditFor: "a credit note names the invoice it corrects" } : {}),
    ...(input.kind === "invoice" && input.creditFor !== undefined ? { creditFor: "only a credit note corrects an invoice" } : {}),
    ...(!(input.at instanceof Date) || Number.isNaN(input.at.getTime()) ? { at: "must be a valid time" } : {}),
    ...(!Array.isArray(input.lines) || input.lines.length < 1 || input.lines.length > MAX_LINES ? { lines: `must hold 1 to ${MAX_LINES} lines` } : {}),
    ...paymentProblems(input.payment),
  };
  if (Array.isArray(input.lines)) input.lines.forEach((line, i) => Object.assign(problems, lineProblems(line, `lines.${i}`)));
  if (Object.keys(problems).length) throw validationError(problems);
}
