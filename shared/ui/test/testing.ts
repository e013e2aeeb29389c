/**
 * Test helpers for every package that renders @esim/ui screens (imported as `@esim/ui/testing`
 * by remotes' tests, so they need no testing dependency or path into shared/ of their own):
 * jsdom polyfills antd needs, providers, i18next over the real locale files, testing-library.
 */
import './setup';

export { renderWithProviders } from './render';
export { createTestI18n, readNamespace, LANGUAGES } from './i18n';
export { startFakeApi, type FakeAnswer, type Recorded } from './fakeApi';
export { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
