import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut, signOutEverywhere } from '@esim/platform';
import { confirm, toast } from '@esim/ui';

/**
 * Sign out of all devices: every session of the account ends at the identity service (other
 * browsers are signed out when they next ask the API), then this browser signs out too.
 */
export function SessionCard() {
  const { t } = useTranslation('settings');
  const [pending, setPending] = useState(false);

  const run = async () => {
    const go = await confirm({
      title: t('session.confirmTitle'),
      description: t('session.confirmDescription'),
      confirmText: t('session.signOutEverywhere'),
      danger: true,
    });
    if (!go) return;
    setPending(true);
    try {
      await signOutEverywhere();
    } catch {
      // The tokens of this browser are gone either way; the other sessions may live on.
      toast.error(t('session.failed'));
    } finally {
      setPending(false);
    }
    // The identity session is already ended (or refused): only the local state goes here.
    await signOut({ identity: false });
  };

  return (
    <Card title={t('session.title')} data-testid="settings-session">
      <Typography.Paragraph type="secondary">{t('session.description')}</Typography.Paragraph>
      <Button danger loading={pending} onClick={() => void run()} data-testid="sign-out-everywhere">
        {t('session.signOutEverywhere')}
      </Button>
    </Card>
  );
}
