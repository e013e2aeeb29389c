import {
  RESOURCES,
  type PermissionEntry,
  type ReleaseVersionItem,
  type RemoteReleaseItem,
} from '@esim/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, usePermissionStore } from '@esim/platform';
import { readReleasePreviews } from '@esim/remote-kit/release';
import { createTestI18n, fireEvent, renderWithProviders, screen, within } from '@esim/ui/testing';
import type { i18n } from 'i18next';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteReleaseCard } from '../src/releases/RemoteReleaseCard';

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

const MANAGER: PermissionEntry[] = [{ path: RESOURCES.releases, methods: ['GET', 'PUT', 'POST'] }];
beforeEach(() => {
  usePermissionStore.setState({ permissions: MANAGER, status: 'ready' });
  sessionStorage.clear();
  // The console reloads to load a previewed version; jsdom cannot navigate.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

function version(name: string, pinned: boolean): ReleaseVersionItem {
  return {
    version: name,
    manifestHash: `${name.replaceAll('.', '')}aaaaaaaaaaaaaaaa`,
    publishedAt: '2026-01-01T00:00:00Z',
    publishedBy: 'dev@example.com',
    pinned,
    compatibility: { compatible: true, problems: [] },
    errorRate: { loads: 0, failures: 0, rate: null },
  };
}

const RELEASE: RemoteReleaseItem = {
  remote: 'suppliers',
  pinnedVersion: '1.1.0',
  pinnedAt: '2026-01-02T00:00:00Z',
  pinnedBy: 'lead@example.com',
  rollbackVersion: null,
  canary: null,
  versions: [version('1.2.0', false), version('1.1.0', true), version('1.0.0', false)],
  history: [],
};

const renderCard = (ui: ReactElement) =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>,
    en,
  );

const versionRow = (name: string) =>
  within(screen.getByTestId('release-versions-suppliers')).getByRole('row', {
    name: new RegExp(name.replaceAll('.', '\\.')),
  });

// antd tables and modals in jsdom are slow on a busy machine.
describe('RemoteReleaseCard', { timeout: 30_000 }, () => {
  it('shows the pinned version, and marks the one this tab previews', () => {
    renderCard(<RemoteReleaseCard release={RELEASE} previews={{ suppliers: '1.2.0' }} />);
    const pinned = screen.getByTestId('release-pinned-suppliers');
    expect(pinned.getAttribute('data-version')).toBe('1.1.0');
    expect(pinned.textContent).toBe('Pinned: 1.1.0');

    expect(within(versionRow('1.1.0')).getByText('Pinned')).toBeTruthy();
    // The pinned version is what everyone loads: nothing to preview there.
    expect(screen.queryByTestId('release-preview-suppliers-1.1.0')).toBeNull();
    expect(screen.getByTestId('release-preview-suppliers-1.0.0')).toBeTruthy();
    expect(within(versionRow('1.2.0')).getByText('Previewing in this tab')).toBeTruthy();
    expect(within(versionRow('1.2.0')).getByRole('button', { name: 'Stop preview' })).toBeTruthy();
    expect(within(versionRow('1.0.0')).queryByText('Previewing in this tab')).toBeNull();
  });

  it('previews a version in this browser session only, and stops the preview', () => {
    const { unmount } = renderCard(<RemoteReleaseCard release={RELEASE} previews={{}} />);
    fireEvent.click(screen.getByTestId('release-preview-suppliers-1.0.0'));
    expect(readReleasePreviews()).toEqual({ suppliers: '1.0.0' });
    unmount();

    renderCard(<RemoteReleaseCard release={RELEASE} previews={readReleasePreviews()} />);
    fireEvent.click(screen.getByTestId('release-stop-preview-suppliers-1.0.0'));
    expect(readReleasePreviews()).toEqual({});
  });

  it('cannot roll back when no earlier version was pinned; can once there is one', () => {
    const { unmount } = renderCard(<RemoteReleaseCard release={RELEASE} previews={{}} />);
    expect(screen.getByTestId('release-rollback-suppliers')).toHaveProperty('disabled', true);
    unmount();
    renderCard(
      <RemoteReleaseCard release={{ ...RELEASE, rollbackVersion: '1.0.0' }} previews={{}} />,
    );
    const rollback = screen.getByTestId('release-rollback-suppliers');
    expect(rollback).toHaveProperty('disabled', false);
    expect(rollback.getAttribute('data-rollback-version')).toBe('1.0.0');
  });

  it('offers pin and roll back only to users allowed to change releases', () => {
    usePermissionStore.setState({
      permissions: [{ path: RESOURCES.releases, methods: ['GET'] }],
    });
    renderCard(<RemoteReleaseCard release={RELEASE} previews={{}} />);
    expect(screen.queryByTestId('release-pin-suppliers')).toBeNull();
    expect(screen.queryByTestId('release-rollback-suppliers')).toBeNull();
    expect(screen.getByTestId('release-preview-suppliers-1.2.0')).toBeTruthy();
  });
});
