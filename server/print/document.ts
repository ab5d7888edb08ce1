/**
 * Print documents (DOMAIN §6.9 `/project/print-contract-template/:type/:id`): one A4 document
 * described as data — title, number, parties, fields, tables, clauses, signatures — that the
 * print screen lays out for the browser to print. The module owning a kind of document builds
 * it and lists its builder by template type (`server/print/builders.ts` gathers them).
 */
import type { HandlerContext } from '../crud/context';

export interface PrintParty { role: string; name: string; lines: string[] }
export interface PrintDocument {
  type: number;
  title: string;
  docNo: string;
  parties: PrintParty[];
  fields: { label: string; value: string; wide?: boolean }[];
  tables: { title: string; columns: string[]; rows: string[][] }[];
  clauses: string[];
  /** stamp: a 盖章 box beside the signature (对账单) */
  signatures: { role: string; name: string; date?: string; stamp?: boolean }[];
  printedBy: string;
  /** what the number is called (合同编号 unless said) */
  docNoLabel?: string;
  /** QR codes printed under the tables (a 托运单's driver links: the driver scans to open the page) */
  qrCodes?: { label: string; text: string }[];
}

/** Builds the document of template `type` for record `id`, checking who may read it. */
export type PrintBuilder = (ctx: HandlerContext, type: number, id: number) => Promise<PrintDocument>;
/** The builders a module owns, by template type. */
export type PrintBuilders = Record<number, PrintBuilder>;
