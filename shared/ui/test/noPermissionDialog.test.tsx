import './setup';
import { fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { NoPermissionDialog } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

let en: i18n;
let ja: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  ja = await createTestI18n('ja');
});

function renderAt(instance: i18n, redirectTo?: string, onClose?: () => void) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/roles']}>
      <Routes>
        <Route
          path="/roles"
          element={<NoPermissionDialog open redirectTo={redirectTo} onClose={onClose} />}
        />
        <Route path="/dashboard" element={<p>Dashboard page</p>} />
        <Route path="/orders" element={<p>Orders page</p>} />
      </Routes>
    </MemoryRouter>,
    instance,
  );
}

describe('NoPermissionDialog', () => {
  it('reads the spec text and OK goes home', () => {
    const onClose = vi.fn();
    renderAt(en, undefined, onClose);
    expect(
      screen.getByText("Access Denied: you don't have permission to perform this action"),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByText('Dashboard page')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('OK goes to the given route', () => {
    renderAt(en, '/orders');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByText('Orders page')).toBeTruthy();
  });

  it('is translated', () => {
    renderAt(ja);
    expect(
      screen.getByText('アクセスが拒否されました：この操作を実行する権限がありません'),
    ).toBeTruthy();
  });
});
