import {
  CopyOutlined,
  DownloadOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
} from '../icons';
import { Alert, Button, Card, Flex, QRCode, Typography } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from '../confirm/ConfirmDialog';
import { confirm } from '../confirm/confirmStore';
import { toast } from '../toast/toast';
import { copyText } from './copyText';

/** What a reveal call answers: the LPA string, and the parts the API sends beside it. */
export interface RevealedActivationCode {
  activationCode: string;
  smdpAddress?: string | null;
  matchingId?: string | null;
}

export interface ActivationCodeRevealProps {
  /** The code as the detail call shows it (masked); null while the eSIM has none yet. */
  masked: string | null;
  /** The user holds GET on the area's activation-code resource. */
  canReveal: boolean;
  /** Fetches the whole code; the API records the reveal in the history. */
  reveal: () => Promise<RevealedActivationCode>;
  /** The question before the reveal (names the eSIM); the kit's words otherwise. */
  question?: ConfirmOptions;
  /** Card title; defaults to "Activation code". */
  title?: ReactNode;
  qrSize?: number;
  /**
   * The file name (without .png) of the QR code's download, e.g. the eSIM's ICCID; the QR code is
   * the eSIM's document a customer installs from (spec: an order's documents include it).
   */
  qrFileName?: string;
  /** A smaller card (several eSIMs on one screen). */
  compact?: boolean;
}

/**
 * An eSIM's activation code: masked, and revealed (LPA string, QR code, copy) only on request by
 * someone allowed to, after a confirmation. The revealed code lives in this component's state
 * only: Hide, leaving the screen or a reload forget it.
 */
export function ActivationCodeReveal({
  masked,
  canReveal,
  reveal,
  question,
  title,
  qrSize = 180,
  qrFileName = 'esim-activation-code',
  compact = false,
}: ActivationCodeRevealProps) {
  const { t } = useTranslation('ui');
  const qrBox = useRef<HTMLDivElement>(null);
  const [revealed, setRevealed] = useState<RevealedActivationCode | null>(null);
  const [revealing, setRevealing] = useState(false);

  const onReveal = async () => {
    const confirmed = await confirm({
      title: t('activationCode.confirmTitle'),
      description: t('activationCode.confirmDescription'),
      confirmText: t('activationCode.confirm'),
      danger: false,
      ...question,
    });
    if (!confirmed) return;
    setRevealing(true);
    try {
      setRevealed(await reveal());
    } catch {
      // The API client has shown the error.
    } finally {
      setRevealing(false);
    }
  };

  const onCopy = async () => {
    if (!revealed) return;
    try {
      await copyText(revealed.activationCode);
      toast.success(t('activationCode.copied'));
    } catch {
      toast.error(t('activationCode.copyFailed'));
    }
  };

  /** The QR code as a PNG file, drawn at print size from the code already revealed on screen. */
  const onDownloadQr = () => {
    const canvas = qrBox.current?.querySelector('canvas');
    if (!canvas) return;
    const link = document.createElement('a');
    link.href = canvas.toDataURL('image/png');
    link.download = `${qrFileName.replace(/[^\w.-]+/g, '_')}.png`;
    link.click();
  };

  return (
    <Card
      size="small"
      title={title ?? t('activationCode.title')}
      data-testid="activation-code"
      extra={
        revealed ? (
          <Button
            size="small"
            icon={<EyeInvisibleOutlined />}
            onClick={() => setRevealed(null)}
            autoInsertSpace={false}
            data-testid="activation-hide"
          >
            {t('activationCode.hide')}
          </Button>
        ) : null
      }
    >
      {revealed ? (
        <Flex gap="middle" wrap align="flex-start">
          <div ref={qrBox}>
            <QRCode
              value={revealed.activationCode}
              size={compact ? Math.min(qrSize, 140) : qrSize}
              errorLevel="M"
              bgColor="#ffffff"
              data-testid="activation-qr"
              aria-label={t('activationCode.qrLabel')}
            />
          </div>
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
              {t('activationCode.copy')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={onDownloadQr}
              autoInsertSpace={false}
              data-testid="activation-qr-download"
              style={{ alignSelf: 'flex-start' }}
            >
              {t('activationCode.downloadQr')}
            </Button>
            {revealed.smdpAddress && (
              <Typography.Text type="secondary">
                {t('activationCode.smdpAddress')}: {revealed.smdpAddress}
              </Typography.Text>
            )}
            {revealed.matchingId && (
              <Typography.Text type="secondary">
                {t('activationCode.matchingId')}: {revealed.matchingId}
              </Typography.Text>
            )}
            {!compact && (
              <Alert type="warning" showIcon title={t('activationCode.secretWarning')} />
            )}
          </Flex>
        </Flex>
      ) : masked === null ? (
        <Typography.Text type="secondary" data-testid="activation-code-none">
          {t('activationCode.none')}
        </Typography.Text>
      ) : (
        <Flex vertical gap="small" align="flex-start">
          <Typography.Text code data-testid="activation-code-masked">
            {masked}
          </Typography.Text>
          {canReveal ? (
            <Button
              icon={<EyeOutlined />}
              onClick={() => void onReveal()}
              loading={revealing}
              autoInsertSpace={false}
              data-testid="activation-reveal"
            >
              {t('activationCode.reveal')}
            </Button>
          ) : (
            <Typography.Text type="secondary" data-testid="activation-no-permission">
              <LockOutlined /> {t('activationCode.noPermission')}
            </Typography.Text>
          )}
        </Flex>
      )}
    </Card>
  );
}
