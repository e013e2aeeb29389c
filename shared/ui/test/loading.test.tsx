import './setup';
import { act, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay, TopProgressBar, loading, progress, useLoadingStore } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});
afterEach(() => {
  vi.useRealTimers();
});

const overlayShown = () =>
  document.querySelector('.ant-spin-fullscreen.ant-spin-spinning') !== null;

describe('LoadingOverlay', () => {
  it('shows while at least one show() has no hide()', async () => {
    renderWithProviders(<LoadingOverlay />, en);
    expect(overlayShown()).toBe(false);
    act(() => {
      loading.show();
      loading.show();
    });
    // antd turns the spinner on a tick later.
    await waitFor(() => expect(overlayShown()).toBe(true));
    expect(screen.getByText('Loading…')).toBeTruthy();
    act(() => loading.hide());
    expect(overlayShown()).toBe(true);
    act(() => loading.hide());
    expect(overlayShown()).toBe(false);
    act(() => loading.hide());
    expect(useLoadingStore.getState().count).toBe(0);
  });

  it('track() shows it for the life of a promise', async () => {
    renderWithProviders(<LoadingOverlay />, en);
    let finish: (value: string) => void = () => undefined;
    let tracked: Promise<string> = Promise.resolve('');
    act(() => {
      tracked = loading.track(new Promise<string>((resolve) => (finish = resolve)));
    });
    await waitFor(() => expect(overlayShown()).toBe(true));
    await act(async () => {
      finish('done');
      expect(await tracked).toBe('done');
    });
    expect(overlayShown()).toBe(false);
  });
});

describe('TopProgressBar', () => {
  it('appears on start(), creeps forward, fills on done() and goes away', () => {
    vi.useFakeTimers();
    renderWithProviders(<TopProgressBar />, en);
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => progress.start());
    const bar = screen.getByRole('progressbar', { name: 'Loading page' });
    const first = Number(bar.getAttribute('aria-valuenow'));
    act(() => vi.advanceTimersByTime(1000));
    const later = Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(later).toBeGreaterThan(first);
    expect(later).toBeLessThan(90);
    act(() => progress.done());
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
