import dayjs from 'dayjs';
import { getQueryClient } from '@esim/platform';
import { createTestI18n, screen, waitFor, within } from '@esim/ui/testing';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderDetailScreen } from '../src/screens/OrderDetail';
import { ORDER_ID, item } from './fixtures';
import {
  INVOICE_ID,
  ISSUER_JP,
  ISSUER_TH,
  WAIT,
  allow,
  click,
  documentOptions,
  documentsOrder,
  fake,
  invoice,
  notified,
  renderAt,
  requestsTo,
  type,
  withFakeApi,
} from './documentsHarness';

/*
 * The order's Documents tab against a fake API: the issued documents, issuing an invoice (asked
 * first: the number is permanent), a credit note that needs its reason, the receipt that waits
 * for the payment, the buyer fields a Thai issuer prints, and the preview.
 */

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});
withFakeApi();

const renderDocuments = () =>
  renderAt(
    en,
    '/orders/detail',
    `/orders/detail?id=${ORDER_ID}&tab=documents`,
    <OrderDetailScreen />,
  );

const row = (id: string) =>
  screen
    .getAllByTestId('document-item-row')
    .find((candidate) => candidate.getAttribute('data-item-id') === id)!;
const checkbox = (id: string) =>
  row(id).querySelector('input[type="checkbox"]') as HTMLInputElement;
const field = (name: string) => document.getElementById(`field-${name}`) as HTMLInputElement | null;

/** The confirm dialog asking `title`, and its confirm button. */
async function confirmDialog(title: string) {
  const heading = await screen.findByText(title, {}, WAIT);
  const dialog = heading.closest('.ant-modal') as HTMLElement;
  return { dialog, confirm: dialog.querySelector('.ant-btn-primary') as HTMLElement };
}

const sent = (path: string) =>
  JSON.parse(requestsTo('POST', path).at(-1)!.body) as Record<string, unknown>;

describe('the Documents tab', { timeout: 120_000 }, () => {
  it('issues an invoice for the chosen eSIMs after saying the number is permanent', async () => {
    renderDocuments();
    expect(await screen.findByText('No documents issued yet.', {}, WAIT)).toBeTruthy();

    await click(screen.getByTestId('issue-invoice'));
    await screen.findByTestId('document-form', {}, WAIT);
    // The delivered eSIMs are ticked; the one whose delivery failed cannot be.
    expect(row(item(1).id).getAttribute('data-selected')).toBe('true');
    expect(row(item(2).id).getAttribute('data-selected')).toBe('true');
    expect(checkbox(item(3).id).disabled).toBe(true);
    expect(field('buyer.name')?.value).toBe('Sakura Travel');
    // A Japanese issuer prints no buyer tax ID.
    expect(field('buyer.taxId')).toBeNull();
    expect(field('buyer.branchNumber')).toBeNull();

    // Partial export: the second eSIM left out.
    await click(checkbox(item(2).id));
    await click(screen.getByTestId('document-issue'));
    const { dialog, confirm } = await confirmDialog('Issue this invoice?');
    expect(dialog.textContent).toContain('Sakura Networks KK gives it its next number.');
    expect(dialog.textContent).toContain('Numbers are permanent and gapless');
    expect(requestsTo('POST', 'order/document')).toHaveLength(0);
    await click(confirm);

    await waitFor(() => expect(requestsTo('POST', 'order/document')).toHaveLength(1), WAIT);
    expect(sent('order/document')).toEqual({
      orderId: ORDER_ID,
      type: 'invoice',
      issuerId: ISSUER_JP,
      itemIds: [item(1).id],
      issueDate: dayjs().format('YYYY-MM-DD'),
      buyer: {
        name: 'Sakura Travel',
        address: null,
        postalCode: null,
        taxId: null,
        branchNumber: null,
      },
    });
    await waitFor(
      () => expect(notified.success).toHaveBeenCalledWith('INV-2026-000001 issued.'),
      WAIT,
    );
    await waitFor(() => expect(screen.queryByTestId('document-form')).toBeNull(), WAIT);
    const issued = await screen.findByTestId('document-row', {}, WAIT);
    expect(within(issued).getByTestId('document-number').textContent).toBe('INV-2026-000001');
    expect(within(issued).getByTestId('document-type').textContent).toBe('Invoice');
    expect(issued.textContent).toContain('Sakura Travel');
  });

  it('issues a credit note for an invoice only with a reason', async () => {
    fake.documents = [invoice()];
    fake.options = documentOptions();
    for (const option of fake.options.items.slice(0, 2))
      option.documents = [{ id: INVOICE_ID, type: 'invoice', number: 'INV-2026-000001' }];
    renderDocuments();
    const listed = await screen.findByTestId('document-row', {}, WAIT);
    expect(within(listed).getByTestId('document-gross').textContent).toBe('3,300 JPY');

    await click(within(listed).getByTestId('document-credit-note'));
    await screen.findByTestId('document-form', {}, WAIT);
    expect(screen.getByText('Issue a credit note for INV-2026-000001')).toBeTruthy();
    // The invoice's eSIMs only, each showing the invoice that lists it.
    expect(screen.getAllByTestId('document-item-row')).toHaveLength(2);
    expect(screen.getAllByTestId('item-document').map((tag) => tag.textContent)).toEqual([
      'INV-2026-000001',
      'INV-2026-000001',
    ]);

    await click(screen.getByTestId('document-issue'));
    expect(await screen.findByText('Reason is required.', {}, WAIT)).toBeTruthy();
    expect(screen.queryByText('Issue this credit note?')).toBeNull();
    expect(requestsTo('POST', 'order/document')).toHaveLength(0);

    await type(field('reason')!, 'Returned by the customer');
    await click(screen.getByTestId('document-issue'));
    await click((await confirmDialog('Issue this credit note?')).confirm);
    await waitFor(() => expect(requestsTo('POST', 'order/document')).toHaveLength(1), WAIT);
    expect(sent('order/document')).toMatchObject({
      type: 'credit_note',
      originalId: INVOICE_ID,
      reason: 'Returned by the customer',
      itemIds: [item(1).id, item(2).id],
    });
    await waitFor(() => expect(screen.getAllByTestId('document-row')).toHaveLength(2), WAIT);
    const creditNote = screen.getAllByTestId('document-row')[0]!;
    expect(within(creditNote).getByTestId('document-number').textContent).toBe('CN-2026-000002');
    expect(within(creditNote).getByTestId('document-corrects').textContent).toBe(
      'Corrects INV-2026-000001',
    );
    // A credit note is not corrected by another one.
    expect(within(creditNote).queryByTestId('document-credit-note')).toBeNull();
  });

  it('offers a receipt only for a paid order, and issuing only to who may', async () => {
    fake.documents = [invoice()];
    const view = renderDocuments();
    await screen.findByTestId('document-row', {}, WAIT);
    const receipt = screen.getByTestId('issue-receipt') as HTMLButtonElement;
    expect(receipt.disabled).toBe(true);
    const why = document.getElementById(receipt.getAttribute('aria-describedby')!);
    expect(why?.textContent).toBe('A receipt can be issued once the order is paid.');
    view.unmount();
    getQueryClient().clear();

    fake.order = documentsOrder({ paymentStatus: 'paid', paidAmount: 4950 });
    const paidView = renderDocuments();
    await screen.findByTestId('document-row', {}, WAIT);
    expect((screen.getByTestId('issue-receipt') as HTMLButtonElement).disabled).toBe(false);
    await click(screen.getByTestId('issue-receipt'));
    expect(await screen.findByText('Issue a receipt for SAK-000123', {}, WAIT)).toBeTruthy();
    paidView.unmount();
    getQueryClient().clear();

    // A reader sees the documents and their PDFs, nothing to issue.
    allow(['GET']);
    renderDocuments();
    await screen.findByTestId('document-row', {}, WAIT);
    expect(screen.getByTestId('document-pdf')).toBeTruthy();
    expect(screen.queryByTestId('issue-invoice')).toBeNull();
    expect(screen.queryByTestId('issue-receipt')).toBeNull();
    expect(screen.queryByTestId('document-credit-note')).toBeNull();
  });

  it('asks a Thai issuer’s buyer tax ID, branch and address, and previews the PDF', async () => {
    const options = documentOptions();
    fake.options = { ...options, issuers: [...options.issuers].reverse() };
    renderDocuments();
    await screen.findByText('No documents issued yet.', {}, WAIT);
    await click(screen.getByTestId('issue-invoice'));
    await screen.findByTestId('document-form', {}, WAIT);
    expect(screen.getByText('Tax ID (13 digits)')).toBeTruthy();
    expect(field('buyer.branchNumber')).not.toBeNull();

    await type(field('buyer.taxId')!, '0105536093141');
    await type(field('buyer.branchNumber')!, '12');
    await click(screen.getByTestId('document-preview'));
    expect(await screen.findByText('Invalid 00000 format.', {}, WAIT)).toBeTruthy();
    await type(field('buyer.branchNumber')!, '00001');
    await click(screen.getByTestId('document-preview'));
    // Thai documents print the buyer's address.
    expect(await screen.findByText('Buyer address is required.', {}, WAIT)).toBeTruthy();
    expect(requestsTo('POST', 'order/document/preview')).toHaveLength(0);

    await type(field('buyer.address')!, '1 Silom Road, Bangkok');
    await click(screen.getByTestId('document-preview'));
    await waitFor(
      () =>
        expect(screen.getByTestId('document-preview-pdf').getAttribute('data-state')).toBe('ready'),
      WAIT,
    );
    expect(screen.getByTestId('document-preview-pdf-frame').getAttribute('src')).toBe('blob:pdf');
    expect(sent('order/document/preview')).toMatchObject({
      type: 'invoice',
      issuerId: ISSUER_TH,
      buyer: { taxId: '0105536093141', branchNumber: '00001', address: '1 Silom Road, Bangkok' },
    });
    // Nothing was issued.
    expect(requestsTo('POST', 'order/document')).toHaveLength(0);
  });

  it('opens the stored PDF of an issued document', async () => {
    fake.documents = [invoice()];
    renderDocuments();
    const listed = await screen.findByTestId('document-row', {}, WAIT);
    await click(within(listed).getByTestId('document-pdf'));
    await waitFor(
      () =>
        expect(screen.getByTestId('document-pdf-view').getAttribute('data-state')).toBe('ready'),
      WAIT,
    );
    const read = requestsTo('GET', 'order/document/pdf');
    expect(read.map((request) => request.query.get('id'))).toEqual([INVOICE_ID]);
    expect(screen.getByTestId('document-pdf-view-download').getAttribute('download')).toBe(
      'INV-2026-000001.pdf',
    );
  });
});
