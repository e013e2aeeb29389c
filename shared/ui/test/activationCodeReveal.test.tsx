import './setup';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ActivationCodeReveal, ConfirmDialogHost, type ActivationCodeRevealProps } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* An eSIM's activation code: masked, revealed only to those allowed and only after asking. */

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

const CODE = 'LPA:1$smdp.example.com$ABC-123';

function renderReveal(props: Partial<ActivationCodeRevealProps> = {}) {
  const reveal = vi.fn(async () => ({ activationCode: CODE, smdpAddress: 'smdp.example.com' }));
  renderWithProviders(
    <>
      <ActivationCodeReveal
        masked="LPA:1$smdp.example.com$****"
        canReveal
        reveal={reveal}
        {...props}
      />
      <ConfirmDialogHost />
    </>,
    en,
  );
  return reveal;
}

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('ActivationCodeReveal', () => {
  it('shows the masked code and, without permission, no way to reveal it', () => {
    const reveal = renderReveal({ canReveal: false });
    expect(screen.getByTestId('activation-code-masked').textContent).toContain('****');
    expect(screen.queryByTestId('activation-reveal')).toBeNull();
    expect(screen.getByTestId('activation-no-permission')).toBeTruthy();
    expect(reveal).not.toHaveBeenCalled();
  });

  it('reveals the code and its QR only after the confirmation, and hides it again', async () => {
    const reveal = renderReveal({ question: { description: 'Reveal the code of 8981?' } });
    await click(screen.getByTestId('activation-reveal'));
    expect(await screen.findByText('Reveal the code of 8981?')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Cancel' }));
    expect(reveal).not.toHaveBeenCalled();
    expect(screen.queryByTestId('activation-qr')).toBeNull();

    await click(screen.getByTestId('activation-reveal'));
    await click(await screen.findByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(screen.getByTestId('activation-code-value').textContent).toBe(CODE));
    expect(reveal).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('activation-qr')).toBeTruthy();
    expect(screen.getByText('SM-DP+ address: smdp.example.com')).toBeTruthy();

    await click(screen.getByTestId('activation-hide'));
    expect(screen.queryByTestId('activation-code-value')).toBeNull();
    expect(screen.getByTestId('activation-code-masked')).toBeTruthy();
  });

  it('downloads the QR code as a PNG named after the eSIM', async () => {
    renderReveal({ qrFileName: 'esim-8981000000000000001' });
    await click(screen.getByTestId('activation-reveal'));
    await click(await screen.findByRole('button', { name: 'Reveal' }));
    await screen.findByTestId('activation-code-value');
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,QR');
    const clicked: HTMLAnchorElement[] = [];
    const anchorClick = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    await click(screen.getByTestId('activation-qr-download'));
    anchorClick.mockRestore();
    expect(clicked.map((link) => [link.download, link.href])).toEqual([
      ['esim-8981000000000000001.png', 'data:image/png;base64,QR'],
    ]);
  });

  it('says so when the eSIM has no code yet', () => {
    renderReveal({ masked: null });
    expect(screen.getByTestId('activation-code-none').textContent).toBe('No activation code yet');
    expect(screen.queryByTestId('activation-reveal')).toBeNull();
  });
});
