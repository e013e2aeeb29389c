import './setup';
import { act, fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastViewport, notify, toast, useToastStore } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

afterEach(() => {
  act(() => useToastStore.getState().toasts.forEach((t) => useToastStore.getState().remove(t.id)));
  vi.useRealTimers();
});

function show(text: string, kind: 'success' | 'error' = 'success'): HTMLElement {
  renderWithProviders(<ToastViewport />, en);
  act(() => {
    toast[kind](text);
  });
  return screen.getByText(text).closest('[data-toast-id]') as HTMLElement;
}

function swipe(element: HTMLElement, distance: number) {
  fireEvent.pointerDown(element, { clientX: 100, pointerId: 1, button: 0 });
  fireEvent.pointerMove(element, { clientX: 100 + distance / 2, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 100 + distance, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 100 + distance, pointerId: 1 });
}

describe('toasts', () => {
  it('shows text from the non-React API, errors as alerts', () => {
    const item = show('Copied to clipboard');
    expect(item.getAttribute('role')).toBe('status');
    expect(item.getAttribute('data-toast-type')).toBe('success');
    act(() => {
      notify.error('Something went wrong. Please try again.');
    });
    expect(screen.getByRole('alert').textContent).toContain(
      'Something went wrong. Please try again.',
    );
  });

  it('dismisses when swiped right more than 50 px, then removes it', () => {
    vi.useFakeTimers();
    const item = show('Stock imported');
    act(() => swipe(item, 51));
    expect(item.getAttribute('data-state')).toBe('dismissed');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Stock imported')).toBeNull();
  });

  it('stays when swiped right less than 50 px, or left', () => {
    const item = show('Export successful');
    act(() => swipe(item, 49));
    expect(item.getAttribute('data-state')).toBe('open');
    expect(item.style.transform).toBe('translateX(0px)');
    act(() => swipe(item, -200));
    expect(item.getAttribute('data-state')).toBe('open');
  });

  it('dismisses itself after 5000 ms', () => {
    vi.useFakeTimers();
    const item = show('Product synced');
    act(() => vi.advanceTimersByTime(4999));
    expect(item.getAttribute('data-state')).toBe('open');
    act(() => vi.advanceTimersByTime(1));
    expect(item.getAttribute('data-state')).toBe('dismissed');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Product synced')).toBeNull();
  });

  it('closes with its close button', () => {
    const item = show('Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(item.getAttribute('data-state')).toBe('dismissed');
  });

  it('updates a toast in place and restarts its clock', () => {
    vi.useFakeTimers();
    renderWithProviders(<ToastViewport />, en);
    let id = '';
    act(() => {
      id = toast.info('Importing…');
    });
    act(() => vi.advanceTimersByTime(4000));
    act(() => toast.update(id, { type: 'success', text: 'Stock imported' }));
    expect(screen.queryByText('Importing…')).toBeNull();
    const item = screen.getByText('Stock imported').closest('[data-toast-id]') as HTMLElement;
    expect(item.getAttribute('data-toast-type')).toBe('success');
    act(() => vi.advanceTimersByTime(4000));
    expect(item.getAttribute('data-state')).toBe('open');
    act(() => vi.advanceTimersByTime(1000));
    expect(item.getAttribute('data-state')).toBe('dismissed');
  });

  it('keeps the toast while the pointer rests on it', () => {
    vi.useFakeTimers();
    const item = show('Hover me');
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.pointerOver(item);
    act(() => vi.advanceTimersByTime(10_000));
    expect(item.getAttribute('data-state')).toBe('open');
    fireEvent.pointerOut(item);
    act(() => vi.advanceTimersByTime(1999));
    expect(item.getAttribute('data-state')).toBe('open');
    act(() => vi.advanceTimersByTime(1));
    expect(item.getAttribute('data-state')).toBe('dismissed');
  });
});
