import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../brand/BrandLogo';
import { LanguageMenu } from './LanguageMenu';
import './auth.css';

/**
 * The frame of the sign-in screens, in the console's look without antd (decision 0004): a
 * header bar with the brand and the language switch as in the signed-in layout, one card.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  const appName = t('appName');
  useEffect(() => {
    document.title = `${title} | ${appName}`;
  }, [title, appName]);
  return (
    <div className="esim-auth">
      <header className="esim-auth-bar">
        <div className="esim-brand" data-testid="brand">
          <BrandLogo />
          <span className="esim-brand-name">{appName}</span>
        </div>
        <LanguageMenu />
      </header>
      <main className="esim-auth-main">
        <section className="esim-card esim-auth-card">{children}</section>
      </main>
    </div>
  );
}
