import { staffOrderGrant } from '@smartport/contract';
import type { AuthUser } from '../http/context';
import { forbidden } from '../http/errors';
import { type OrderScope, orderScope } from './terminal-scope';

export const orderAccessMessages = {
  notActor: 'Chỉ khách hàng của lệnh hoặc nhân viên được cấp quyền thao tác lệnh mới thực hiện được chức năng này.',
};

/**
 * Whose orders a caller acts on (docs: role × order call table). The home grant shows the page to
 * everybody; it does not hand over the customers' orders. A customer account reaches its own
 * customer code's orders; a staff account reaches its terminals' orders only through the staff
 * grant that says so (`staffOrderGrant`, ADMIN holds every grant). Anybody else — customs officers,
 * shipping lines — reaches no order: lists are empty, an order number is not found.
 */
export function orderReach(user: AuthUser): OrderScope {
  if (user.CustomerCode != null || user.grants.has(staffOrderGrant)) return orderScope(user);
  return { terminals: [], customerCode: null };
}

/** Whether the caller may act on orders at all (cancel, pay, invoice): the order's customer or granted staff. */
export function isOrderActor(user: AuthUser): boolean {
  return user.CustomerCode != null || user.grants.has(staffOrderGrant);
}

/** Cancel, pay and invoice calls refuse outright (403) a caller who acts on nobody's orders. */
export function assertOrderActor(user: AuthUser): void {
  if (!isOrderActor(user)) throw forbidden(orderAccessMessages.notActor);
}

/**
 * Whose orders the approval queue's calls reach: staff holding 'Duyệt lệnh' (ORDER_ACCEPT) act on their
 * terminals' orders; anybody else as `orderReach` says (a customer: its own orders).
 */
export function approvalReach(user: AuthUser): OrderScope {
  return user.grants.has('ORDER_ACCEPT') ? orderScope(user) : orderReach(user);
}

/** Whether one order (its terminal and customer) lies in a scope. */
export function inReach(scope: OrderScope, order: { TerminalCode: string; CustomerCode: string }): boolean {
  return scope.terminals.includes(order.TerminalCode) && (scope.customerCode == null || scope.customerCode === order.CustomerCode);
}
