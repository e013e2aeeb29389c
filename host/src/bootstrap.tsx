import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  checkSession,
  configureApiClient,
  configureAuth,
  i18next,
  initI18n,
  loadRuntimeConfig,
  watchSession,
  type Notifier,
} from '@esim/platform';
import { App } from './app/App';
import { StartupError } from './app/StartupError';
import './styles/base.css';

/**
 * API notifications go to @esim/ui's toasts. @esim/ui (antd) is loaded on first use, so the
 * sign-in screens stay lean; by the time the API is called the signed-in shell has loaded it.
 */
const toastNotifier: Notifier = {
  success: (text) => void import('@esim/ui').then(({ toast }) => toast.success(text)),
  error: (text) => void import('@esim/ui').then(({ toast }) => toast.error(text)),
};

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  try {
    const [config] = await Promise.all([loadRuntimeConfig(), initI18n()]);
    configureAuth(config.identity);
    configureApiClient({
      notify: toastNotifier,
      translateDefault: () => i18next.t('common:errors.default'),
    });
    watchSession();
    void checkSession();
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    console.error('The console could not start:', error);
    root.render(<StartupError />);
  }
}

void start();
