import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '../icons';
import { Button, Flex, Modal, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@esim/utils';
import { DIALOG_WIDTH } from '../dialogWidth';

export type ModalVariant = 'success' | 'error' | 'warning';

export interface ModalNotificationOptions {
  variant: ModalVariant;
  /** Defaults to the translated variant word, uppercased (e.g. "SUCCESS"); also when blank. */
  title?: ReactNode;
  description: ReactNode;
  /** Covers the whole viewport; the content stays within 600px. */
  fullscreen?: boolean;
  /** Shows the close (x) button and lets Esc / the mask close it. */
  closable?: boolean;
}

export interface ModalNotificationProps extends ModalNotificationOptions {
  open: boolean;
  /** OK, the close button or Esc. */
  onClose: () => void;
  afterClose?: () => void;
}

function VariantIcon({ variant }: { variant: ModalVariant }) {
  const { token } = theme.useToken();
  const style = { fontSize: 48 };
  if (variant === 'success')
    return <CheckCircleFilled style={{ ...style, color: token.colorSuccess }} />;
  if (variant === 'error')
    return <CloseCircleFilled style={{ ...style, color: token.colorError }} />;
  return <ExclamationCircleFilled style={{ ...style, color: token.colorWarning }} />;
}

const FULLSCREEN_STYLES = {
  container: {
    minHeight: '100vh',
    borderRadius: 0,
    display: 'flex',
    flexDirection: 'column' as const,
    justifyContent: 'center',
  },
};

/** No title given: null, undefined, or only white space (an empty heading helps nobody). */
function isBlank(title: ReactNode): boolean {
  return (
    title === undefined || title === null || (typeof title === 'string' && title.trim() === '')
  );
}

/**
 * Success / error / warning message in a modal with one OK button. The title defaults to the
 * uppercased variant (spec: SUCCESS, ERROR, WARNING), in the interface language; the variant
 * itself when its word is not translated.
 */
export function ModalNotification(props: ModalNotificationProps) {
  const { variant, description, fullscreen, closable = false, open, onClose, afterClose } = props;
  const { t, i18n } = useTranslation('ui');
  const title = isBlank(props.title)
    ? t(`modal.variant.${variant}`, { defaultValue: variant }).toLocaleUpperCase(i18n.language)
    : props.title;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      closable={closable}
      keyboard={closable}
      mask={{ closable }}
      centered={!fullscreen}
      width={fullscreen ? '100vw' : DIALOG_WIDTH}
      style={fullscreen ? { top: 0, maxWidth: '100vw', margin: 0, padding: 0 } : undefined}
      styles={fullscreen ? FULLSCREEN_STYLES : undefined}
      footer={null}
      destroyOnHidden
    >
      <Flex
        vertical
        align="center"
        gap="middle"
        style={{ maxWidth: DIALOG_MAX_WIDTH_PX, margin: '0 auto', textAlign: 'center' }}
      >
        <VariantIcon variant={variant} />
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="modal-notification-title">
          {title}
        </Typography.Title>
        <Typography.Paragraph style={{ margin: 0 }}>{description}</Typography.Paragraph>
        <Button type="primary" onClick={onClose} autoFocus>
          {t('modal.ok')}
        </Button>
      </Flex>
    </Modal>
  );
}
