/**
 * Which of the supplier's eSIMs each order item gets. eSIM Go's assignments list ICCID, SM-DP+
 * address and matching ID but not the bundle, so the bundle of an eSIM is known from the
 * transaction's answer (the ICCIDs per ordered bundle), which the checkpoint stores on the items.
 */
import { SupplierError, type SupplierAssignment, type SupplierOrderEsim } from '../../connectors';
import { DELIVERY_MESSAGES, DeliveryStop } from './delivery-connector';
import type { DeliveryItem } from './delivery-records';

/** The ICCID the transaction named for each item without one yet, bundle by bundle in order. */
export function iccidsForItems(
  items: readonly DeliveryItem[],
  esims: readonly SupplierOrderEsim[],
): Map<string, string> {
  const byBundle = new Map<string, string[]>();
  for (const esim of esims) {
    const list = byBundle.get(esim.bundle) ?? [];
    list.push(esim.iccid);
    byBundle.set(esim.bundle, list);
  }
  const taken = new Set(items.flatMap((item) => (item.iccid ? [item.iccid] : [])));
  const named = new Map<string, string>();
  for (const item of items) {
    if (item.iccid) continue;
    const list = byBundle.get(item.bundle) ?? [];
    let next = list.shift();
    while (next !== undefined && taken.has(next)) next = list.shift();
    if (next === undefined) continue;
    taken.add(next);
    named.set(item.id, next);
  }
  return named;
}

/**
 * Each item's assignment. An item with an ICCID takes that eSIM; the others share what is left in
 * the supplier's order, which is only unambiguous when they all carry one bundle.
 * SupplierError 'processing' when the supplier does not list every eSIM yet (try again later);
 * DeliveryStop when eSIMs of several bundles cannot be told apart.
 */
export function matchAssignments(
  items: readonly DeliveryItem[],
  assignments: readonly SupplierAssignment[],
): Map<string, SupplierAssignment> {
  const byIccid = new Map(assignments.map((assignment) => [assignment.iccid, assignment]));
  const matched = new Map<string, SupplierAssignment>();
  const used = new Set<string>();
  const unnamed: DeliveryItem[] = [];
  for (const item of items) {
    if (!item.iccid) {
      unnamed.push(item);
      continue;
    }
    const assignment = byIccid.get(item.iccid);
    if (!assignment) throw new SupplierError('processing');
    matched.set(item.id, assignment);
    used.add(item.iccid);
  }
  if (unnamed.length === 0) return matched;
  const left = assignments.filter((assignment) => !used.has(assignment.iccid));
  if (left.length < unnamed.length) throw new SupplierError('processing');
  if (new Set(unnamed.map((item) => item.bundle)).size > 1) {
    throw new DeliveryStop(DELIVERY_MESSAGES.unmatched);
  }
  unnamed.forEach((item, index) => matched.set(item.id, left[index]!));
  return matched;
}
