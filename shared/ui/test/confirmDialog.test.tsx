import './setup';
import { act, fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, ConfirmDialogHost, confirm } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

let en: i18n;
let ja: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  ja = await createTestI18n('ja');
});

async function ask(options: Parameters<typeof confirm>[0], button: string): Promise<boolean> {
  let answer: Promise<boolean> = Promise.resolve(false);
  act(() => {
    answer = confirm(options);
  });
  let result = false;
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: button }));
    result = await answer;
  });
  return result;
}

describe('confirm()', () => {
  it('resolves true when the user continues', async () => {
    renderWithProviders(<ConfirmDialogHost />, en);
    expect(await ask({ description: 'Delete this supplier?' }, 'Continue')).toBe(true);
  });

  it('resolves false when the user cancels', async () => {
    renderWithProviders(<ConfirmDialogHost />, en);
    expect(await ask({ description: 'Delete this supplier?' }, 'Cancel')).toBe(false);
  });

  it('uses the given button texts', async () => {
    renderWithProviders(<ConfirmDialogHost />, en);
    expect(
      await ask(
        { description: 'Return to stock?', confirmText: 'Return', cancelText: 'Keep' },
        'Return',
      ),
    ).toBe(true);
  });
});

describe('ConfirmDialog', () => {
  it('defaults to Cancel / Continue in the current language', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog open description="x" onConfirm={onConfirm} onCancel={onCancel} />,
      ja,
    );
    fireEvent.click(screen.getByRole('button', { name: '続行' }));
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('marks the confirm button as destructive', () => {
    renderWithProviders(
      <ConfirmDialog open description="x" onConfirm={() => undefined} onCancel={() => undefined} />,
      en,
    );
    expect(screen.getByRole('button', { name: 'Continue' }).className).toContain('dangerous');
  });
});
