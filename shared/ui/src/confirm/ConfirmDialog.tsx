import { ExclamationCircleFilled } from '../icons';
import { Flex, Modal, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '../dialogWidth';

export interface ConfirmOptions {
  /** Defaults to a translated "Are you sure?". */
  title?: ReactNode;
  description?: ReactNode;
  /** Confirm button text; defaults to "Continue". */
  confirmText?: ReactNode;
  /** Cancel button text; defaults to "Cancel". */
  cancelText?: ReactNode;
  /** Red confirm button for destructive actions (default true). */
  danger?: boolean;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Spinner on the confirm button while the action runs. */
  confirmLoading?: boolean;
  afterClose?: () => void;
}

/** Asks before a destructive action: Cancel / Continue. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    onConfirm,
    onCancel,
    confirmLoading,
    afterClose,
    description,
    danger = true,
  } = props;
  const { t } = useTranslation('ui');
  const { token } = theme.useToken();
  return (
    <Modal
      open={open}
      title={
        <Flex gap="small" align="center">
          <ExclamationCircleFilled
            style={{ color: danger ? token.colorError : token.colorWarning }}
          />
          <span>{props.title ?? t('confirm.title')}</span>
        </Flex>
      }
      onOk={onConfirm}
      onCancel={onCancel}
      afterClose={afterClose}
      okText={props.confirmText ?? t('confirm.continue')}
      cancelText={props.cancelText ?? t('confirm.cancel')}
      // antd would write two-character Japanese labels such as 続行 as "続 行".
      okButtonProps={{ danger, autoInsertSpace: false }}
      cancelButtonProps={{ autoInsertSpace: false }}
      confirmLoading={confirmLoading}
      width={DIALOG_WIDTH}
      centered
      destroyOnHidden
    >
      {description && (
        <Typography.Paragraph style={{ margin: 0 }}>{description}</Typography.Paragraph>
      )}
    </Modal>
  );
}
