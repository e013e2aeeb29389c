import './setup';
import { act, fireEvent, screen } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ModalNotification, ModalNotificationHost, showModalNotification } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

let en: i18n;
let de: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  de = await createTestI18n('de');
});

describe('ModalNotification', () => {
  it.each([
    ['success', 'SUCCESS'],
    ['error', 'ERROR'],
    ['warning', 'WARNING'],
  ] as const)('titles a %s notification %s by default', (variant, title) => {
    renderWithProviders(
      <ModalNotification
        open
        variant={variant}
        description="Stock imported"
        onClose={() => undefined}
      />,
      en,
    );
    expect(screen.getByTestId('modal-notification-title').textContent).toBe(title);
    expect(screen.getByText('Stock imported')).toBeTruthy();
  });

  it.each(['', '   ', null])(
    'titles it by its variant when the given title is blank (%j)',
    (title) => {
      renderWithProviders(
        <ModalNotification
          open
          variant="success"
          title={title}
          description="x"
          onClose={() => undefined}
        />,
        en,
      );
      expect(screen.getByTestId('modal-notification-title').textContent).toBe('SUCCESS');
    },
  );

  it('titles it WARNING, not a translation key, when the variant word is not translated', async () => {
    const bare = i18next.createInstance();
    await bare.use(initReactI18next).init({
      lng: 'en',
      ns: ['ui'],
      defaultNS: 'ui',
      resources: { en: { ui: {} } },
      showSupportNotice: false,
    });
    renderWithProviders(
      <ModalNotification open variant="warning" description="x" onClose={() => undefined} />,
      bare,
    );
    expect(screen.getByTestId('modal-notification-title').textContent).toBe('WARNING');
  });

  it('uppercases the translated variant word', () => {
    renderWithProviders(
      <ModalNotification open variant="error" description="x" onClose={() => undefined} />,
      de,
    );
    expect(screen.getByTestId('modal-notification-title').textContent).toBe('FEHLER');
  });

  it('keeps a given title and closes with OK', () => {
    const onClose = vi.fn();
    renderWithProviders(
      <ModalNotification
        open
        variant="warning"
        title="Cart is empty"
        description="x"
        onClose={onClose}
      />,
      en,
    );
    expect(screen.getByTestId('modal-notification-title').textContent).toBe('Cart is empty');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the close button only when closable', () => {
    const { unmount } = renderWithProviders(
      <ModalNotification open variant="success" description="x" onClose={() => undefined} />,
      en,
    );
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    unmount();
    renderWithProviders(
      <ModalNotification
        open
        closable
        variant="success"
        description="x"
        onClose={() => undefined}
      />,
      en,
    );
    expect(document.querySelector('.ant-modal-close')).not.toBeNull();
  });

  it('keeps its content within 600px, also when fullscreen', () => {
    renderWithProviders(
      <ModalNotification
        open
        fullscreen
        variant="error"
        description="Error generating PDF"
        onClose={() => undefined}
      />,
      en,
    );
    const dialog = document.querySelector('.ant-modal') as HTMLElement;
    expect(dialog.style.width).toBe('100vw');
    const content = screen.getByText('Error generating PDF').parentElement as HTMLElement;
    expect(content.style.maxWidth).toBe('600px');
  });

  it('showModalNotification() opens one through the host and resolves on OK', async () => {
    renderWithProviders(<ModalNotificationHost />, en);
    let resolved = false;
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = showModalNotification({ variant: 'success', description: 'Product synced' }).then(
        () => {
          resolved = true;
        },
      );
    });
    expect(screen.getByText('Product synced')).toBeTruthy();
    expect(screen.getByTestId('modal-notification-title').textContent).toBe('SUCCESS');
    expect(resolved).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
      await done;
    });
    expect(resolved).toBe(true);
  });
});
