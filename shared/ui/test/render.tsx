import { render, type RenderResult } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { i18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';

/** Renders inside the providers the host gives every screen (antd config, i18next). */
export function renderWithProviders(ui: ReactElement, i18nInstance: i18n): RenderResult {
  return render(
    <I18nextProvider i18n={i18nInstance}>
      <ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>
    </I18nextProvider>,
  );
}
