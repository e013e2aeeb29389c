import { ORDER_ITEM_STATUSES, RESOURCES, type OrderItemDetail } from '@esim/contracts';
import { usePermissionStore } from '@esim/platform';
import { createTestI18n, renderWithProviders, screen } from '@esim/ui/testing';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemActions } from '../src/item/itemActions';
import { ItemActionButtons } from '../src/screens/OrderItemDetail';

/* An eSIM of an order offers only the actions its status and the user's permissions allow. */

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

const ALL = { returnToStock: true, remove: true };
const stockItem = (status: OrderItemDetail['status']) => ({
  status,
  deliveryType: 'stock' as const,
  stockItemId: 'stock-1',
});

describe('itemActions', () => {
  it('returns to stock only a delivered eSIM that came from stock', () => {
    const returnable = ORDER_ITEM_STATUSES.filter(
      (status) => itemActions(stockItem(status), ALL).returnToStock,
    );
    expect(returnable).toEqual(['delivered']);
    expect(
      itemActions({ status: 'delivered', deliveryType: 'api', stockItemId: null }, ALL)
        .returnToStock,
    ).toBe(false);
  });

  it('removes only an eSIM whose delivery failed or that was returned', () => {
    const removable = ORDER_ITEM_STATUSES.filter(
      (status) => itemActions(stockItem(status), ALL).remove,
    );
    expect(removable).toEqual(['failed', 'returned']);
  });

  it('offers nothing the user has no permission for', () => {
    expect(itemActions(stockItem('delivered'), { returnToStock: false, remove: true })).toEqual({
      returnToStock: false,
      remove: false,
    });
    expect(itemActions(stockItem('failed'), { returnToStock: true, remove: false }).remove).toBe(
      false,
    );
  });
});

function renderButtons(status: OrderItemDetail['status'], methods: ('GET' | 'PUT' | 'DELETE')[]) {
  usePermissionStore.setState({
    permissions: [{ path: RESOURCES.orders, methods }],
    status: 'ready',
  });
  const item = { ...stockItem(status), id: 'item-1', version: 3 } as OrderItemDetail;
  return renderWithProviders(
    <ItemActionButtons
      item={item}
      onReturn={() => undefined}
      onRemove={() => undefined}
      removing={false}
    />,
    en,
  );
}

describe('the item header buttons', () => {
  it('shows Return to stock on a delivered stock eSIM for someone who may change orders', () => {
    renderButtons('delivered', ['GET', 'PUT', 'DELETE']);
    expect(screen.getByTestId('item-return').textContent).toBe('Return to stock');
    expect(screen.queryByTestId('item-remove')).toBeNull();
  });

  it('shows Remove on a returned eSIM only with DELETE', () => {
    const view = renderButtons('returned', ['GET', 'DELETE']);
    expect(screen.getByTestId('item-remove').textContent).toBe('Remove');
    expect(screen.queryByTestId('item-return')).toBeNull();
    view.unmount();
    renderButtons('returned', ['GET', 'PUT']);
    expect(screen.queryByTestId('item-remove')).toBeNull();
  });

  it('shows nothing to a reader', () => {
    renderButtons('delivered', ['GET']);
    expect(screen.queryByTestId('item-return')).toBeNull();
    expect(screen.queryByTestId('item-remove')).toBeNull();
  });
});
