import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, LockOutlined } from '@esim/ui/icons';
import { Alert, Button, Card, Flex, QRCode, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RESOURCES, type StockActivationCode, type StockItemDetail } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { confirm, toast } from '@esim/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stockMutations } from '../mutations';

/** Copies text to the clipboard; falls back to a hidden text area where the API is missing. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Not allowed (no focus, no permission, insecure origin): the old way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

/**
 * The item's activation code: masked, and revealed (LPA string + QR code) only on request by
 * someone with GET on /stock/activation-code, after a confirmation. The API records every
 * reveal in the item's history; the revealed code lives in this component's state only.
 */
export function ActivationCode({ item }: { item: StockItemDetail }) {
  const { t } = useTranslation(['stock', 'common']);
  const queryClient = useQueryClient();
  const canReveal = usePermission(RESOURCES.stockActivationCode, 'GET');
  const [revealed, setRevealed] = useState<StockActivationCode | null>(null);
  const reveal = useMutation(stockMutations.revealActivationCode(queryClient));

  const onReveal = async () => {
    const confirmed = await confirm({
      title: t('reveal.confirmTitle'),
      description: t('reveal.confirmDescription', { iccid: item.iccid }),
      confirmText: t('reveal.confirm'),
      danger: false,
    });
    if (!confirmed) return;
    try {
      setRevealed(await reveal.mutateAsync(item.id));
    } catch {
      // The API client has shown the error.
    }
  };

  const onCopy = async () => {
    if (!revealed) return;
    try {
      await copyText(revealed.activationCode);
      toast.success(t('reveal.copied'));
    } catch {
      toast.error(t('reveal.copyFailed'));
    }
  };

  return (
    <Card
      size="small"
      title={t('common:fields.activationCode')}
      data-testid="activation-code"
      extra={
        revealed ? (
          <Button
            size="small"
            icon={<EyeInvisibleOutlined />}
            onClick={() => setRevealed(null)}
            autoInsertSpace={false}
          >
            {t('reveal.hide')}
          </Button>
        ) : null
      }
    >
      {revealed ? (
        <Flex gap="middle" wrap align="flex-start">
          <QRCode
            value={revealed.activationCode}
            size={180}
            errorLevel="M"
            data-testid="activation-qr"
            aria-label={t('reveal.qrLabel')}
          />
          <Flex vertical gap="small" style={{ minWidth: 0, flex: 1 }}>
            <Typography.Text
              code
              style={{ wordBreak: 'break-all' }}
              data-testid="activation-code-value"
            >
              {revealed.activationCode}
            </Typography.Text>
            <Button
              icon={<CopyOutlined />}
              onClick={() => void onCopy()}
              autoInsertSpace={false}
              data-testid="activation-copy"
              style={{ alignSelf: 'flex-start' }}
            >
              {t('reveal.copy')}
            </Button>
            <Typography.Text type="secondary">
              {t('common:fields.smdpAddress')}: {revealed.smdpAddress}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('common:fields.matchingId')}: {revealed.matchingId}
            </Typography.Text>
            <Alert type="warning" showIcon title={t('reveal.secretWarning')} />
          </Flex>
        </Flex>
      ) : (
        <Flex vertical gap="small" align="flex-start">
          <Typography.Text code data-testid="activation-code-masked">
            {item.activationCodeMasked}
          </Typography.Text>
          {canReveal ? (
            <Button
              icon={<EyeOutlined />}
              onClick={() => void onReveal()}
              loading={reveal.isPending}
              autoInsertSpace={false}
              data-testid="activation-reveal"
            >
              {t('reveal.button')}
            </Button>
          ) : (
            <Typography.Text type="secondary" data-testid="activation-no-permission">
              <LockOutlined /> {t('reveal.noPermission')}
            </Typography.Text>
          )}
        </Flex>
      )}
    </Card>
  );
}
