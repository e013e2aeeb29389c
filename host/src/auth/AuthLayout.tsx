import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from './LanguageSelect';

/** The frame of the sign-in screens: product name, language switch, one card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  const appName = t('appName');
  useEffect(() => {
    document.title = `${title} | ${appName}`;
  }, [title, appName]);
  return (
    <main className="esim-center">
      <div className="esim-card">
        <div className="esim-brand">
          <span>{t('appName')}</span>
          <LanguageSelect />
        </div>
        {children}
      </div>
    </main>
  );
}
