/**
 * Every printable template type and the builder of its document, gathered from the modules that
 * own the documents. Type 1 收入合同, 2 成本合同, 5 对账单, 6 托运单, 7 仓储合同 (a work order); 3 报价单 and 4 方案 print once
 * their owners list builders. Two owners claiming one type is a start-up error, not a silent win.
 */
import type { PrintBuilder, PrintBuilders } from './document';
import { contractPrints } from '../project/contract-print';
import { demandPrints } from '../dispatch/demand-print';
import { settlePrints } from '../finance/settle/document';
import { workOrderPrints } from '../inventory/work-order-print';

export function gatherBuilders(owners: PrintBuilders[]): Map<number, PrintBuilder> {
  const out = new Map<number, PrintBuilder>();
  for (const owner of owners) {
    for (const [type, build] of Object.entries(owner)) {
      if (out.has(Number(type))) throw new Error(`print template type ${type} has two builders`);
      out.set(Number(type), build);
    }
  }
  return out;
}

export const printBuilders = gatherBuilders([contractPrints, demandPrints, settlePrints, workOrderPrints]);
