/**
 * One module per financeReviewItem.targetType (DOMAIN §3.6): what a matter may take from a target
 * (its open amount, under the target's row lock), what holding it in a live matter does (reserve /
 * release), and what execution does to it (apply). A target's "account" is the pair (target,
 * matter type): a cost item paid (type 1) and a cost item's invoice received (type 3) are two.
 */
import type { HookContext } from '../../../hooks/types';

export type MatterCtx = HookContext;

export interface LockedTarget {
  /** the amount this target may carry in matters of this type at most (cents) */
  limit: number;
  /** what is settled already outside pending items (cents): paid, received, invoiced */
  done: number;
  /** shown in item lists: 运费支付节点 #12 沪DK7352 预付 */
  label: string;
  counterparty: string | null;
  projectId: number | null;
  row: Record<string, any>;
}

export interface TargetModule {
  targetType: number;
  title: string;
  /** the financeReviewItem field a form picks the target with */
  pickField: 'paymentId' | 'settleBillId' | 'costItemId' | 'incomeItemId' | 'incomeId' | 'waybillId' | 'feeSubjectConfigId' | 'pettyCashStaffId';
  entity: string;
  /** the target's own settled column already counts executed amounts (a ledger's 已付款); false: the items do (a payment node) */
  executionInDone: boolean;
  /** matter types that may hold this target */
  matterTypes: number[];
  /** the same target may appear on several lines of one matter (报销: two 差旅费 lines of two trips) */
  repeatable?: boolean;
  /** a line must state its amount (there is no "whole open amount" to default to) */
  amountRequired?: boolean;
  /** further financeReviewItem fields a line carries from the form (发生日期, 项目, 成本类型) */
  itemFields?: string[];
  /** matter-level rule of this kind of target, after its lines are known: refuses with a Chinese message, or answers values to store on the matter */
  checkMatter?(ctx: MatterCtx, matterType: number, body: Record<string, any>, totalCents: number, reviewId: number | null): Promise<Record<string, any> | void>;
  /** locks the target row (FOR UPDATE) and answers its figures, or refuses (state, kind) with a Chinese message */
  lock(ctx: MatterCtx, id: number, matterType: number): Promise<LockedTarget>;
  /** the target is held by a submitted matter */
  reserve?(ctx: MatterCtx, id: number, reviewId: number, matterType: number): Promise<void>;
  /** the matter holding it was deleted or cancelled */
  release?(ctx: MatterCtx, id: number, reviewId: number, matterType: number): Promise<void>;
  /** execution moved `delta` cents of this item; `complete` when the item is fully executed */
  apply(ctx: MatterCtx, id: number, matterType: number, delta: number, complete: boolean, at?: { review: Record<string, any>; item: Record<string, any> }): Promise<void>;
  /** open candidates for a new matter (list-target-matters) */
  candidates(ctx: MatterCtx, matterType: number, filter: { keyword?: string; projectId?: number; counterparty?: string }): Promise<Record<string, any>[]>;
}
