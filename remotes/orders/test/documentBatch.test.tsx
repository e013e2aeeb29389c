import { createTestI18n, screen, waitFor, within } from '@esim/ui/testing';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderListScreen } from '../src/screens/OrderList';
import { ORDER_ID } from './fixtures';
import {
  SECOND_ORDER_ID,
  WAIT,
  allow,
  batch,
  click,
  fake,
  renderAt,
  requestsTo,
  withFakeApi,
} from './documentsHarness';

/*
 * Invoices for the orders selected in the order list: asked first, started as a batch, followed
 * in a progress dialog until it ends (failures listed with their order number), the list
 * refreshed at the end.
 */

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});
withFakeApi();

const renderList = () => renderAt(en, '/orders', '/orders', <OrderListScreen />);
const rowBoxes = () =>
  [...document.querySelectorAll('tr.ant-table-row input[type="checkbox"]')] as HTMLInputElement[];

describe('issuing documents for the selected orders', { timeout: 120_000 }, () => {
  it('follows the batch to its end, lists the failures and refreshes the list', async () => {
    const noIssuer = "The order's branch has no issuer: add one on the branch master first.";
    fake.batchReads = [
      batch({ status: 'running', done: 1 }),
      batch({
        status: 'done',
        done: 1,
        failed: 1,
        errors: [
          {
            orderId: SECOND_ORDER_ID,
            orderNo: 'SAK-000124',
            // The console words it from the key (the text is the API's English).
            message: 'The API’s English text',
            messageKey: 'orderDocuments.noIssuer',
          },
        ],
      }),
    ];
    renderList();
    await screen.findAllByTestId('order-link', {}, WAIT);
    expect((screen.getByTestId('batch-invoices') as HTMLButtonElement).disabled).toBe(true);

    for (const box of rowBoxes()) await click(box);
    expect(screen.getByTestId('batch-selected').textContent).toBe('2 orders selected');
    await click(screen.getByTestId('batch-invoices'));
    const question = await screen.findByText('Issue an invoice for each of 2 orders?', {}, WAIT);
    const confirm = question.closest('.ant-modal')!.querySelector('.ant-btn-primary')!;
    expect(question.closest('.ant-modal')!.textContent).toContain(
      'Numbers are permanent and gapless',
    );
    await click(confirm);

    await waitFor(() => expect(requestsTo('POST', 'order/document/batch')).toHaveLength(1), WAIT);
    expect(JSON.parse(requestsTo('POST', 'order/document/batch')[0]!.body)).toEqual({
      orderIds: [ORDER_ID, SECOND_ORDER_ID],
      type: 'invoice',
    });
    const progress = await screen.findByTestId('document-batch', {}, WAIT);
    expect(screen.getByText('Issuing invoices')).toBeTruthy();
    const listReads = requestsTo('POST', 'order/list').length;

    await waitFor(() => expect(progress.getAttribute('data-status')).toBe('done'), WAIT);
    expect(screen.getByTestId('document-batch-counts').textContent).toBe(
      '1 succeeded, 1 failed, of 2',
    );
    expect(screen.getByTestId('document-batch-summary').textContent).toBe('1 invoice issued.');
    const [failure] = within(progress).getAllByTestId('document-batch-error');
    expect(failure!.textContent).toBe(`SAK-000124: ${noIssuer}`);
    expect(
      requestsTo('GET', 'order/document/batch').every((r) => r.query.get('id') === batch().id),
    ).toBe(true);
    // The list shows what the batch changed.
    await waitFor(
      () => expect(requestsTo('POST', 'order/list').length).toBeGreaterThan(listReads),
      WAIT,
    );

    await click(screen.getByTestId('document-batch-close'));
    await waitFor(() => expect(screen.queryByTestId('document-batch')).toBeNull(), WAIT);
    // The selection went with the batch.
    expect(screen.queryByTestId('batch-selected')).toBeNull();
    expect(rowBoxes().some((box) => box.checked)).toBe(false);
  });

  it('offers no selection or batch to a reader', async () => {
    allow(['GET']);
    renderList();
    await screen.findAllByTestId('order-link', {}, WAIT);
    expect(rowBoxes()).toHaveLength(0);
    expect(screen.queryByTestId('batch-invoices')).toBeNull();
    expect(screen.queryByTestId('batch-receipts')).toBeNull();
  });
});
