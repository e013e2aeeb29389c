import { useEffect } from 'react';
import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { progress } from '@esim/ui';

/** While a screen's code loads: a spinner in place and the top progress bar running. */
export function RouteLoading() {
  const { t } = useTranslation('common');
  useEffect(() => {
    progress.start();
    return () => progress.done();
  }, []);
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin aria-label={t('loading')} />
    </Flex>
  );
}
