import { StopOutlined } from '../icons';
import { Button, Flex, Modal, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DIALOG_WIDTH } from '../dialogWidth';

/** Where OK goes when no redirectTo is given: the home dashboard. */
export const HOME_ROUTE = '/dashboard';

export interface NoPermissionDialogProps {
  open: boolean;
  /** Route OK navigates to; defaults to the dashboard. */
  redirectTo?: string;
  /** Called after OK, once navigation has been requested. */
  onClose?: () => void;
}

/** "Access Denied" dialog; OK sends the user home or to redirectTo. */
export function NoPermissionDialog({
  open,
  redirectTo = HOME_ROUTE,
  onClose,
}: NoPermissionDialogProps) {
  const { t } = useTranslation('ui');
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const acknowledge = () => {
    navigate(redirectTo, { replace: true });
    onClose?.();
  };
  return (
    <Modal
      open={open}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      footer={null}
      width={DIALOG_WIDTH}
      centered
      destroyOnHidden
    >
      <Flex vertical align="center" gap="middle" style={{ textAlign: 'center' }} role="alert">
        <StopOutlined style={{ fontSize: 48, color: token.colorError }} />
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('noPermission.message')}
        </Typography.Paragraph>
        <Button type="primary" onClick={acknowledge} autoFocus>
          {t('noPermission.ok')}
        </Button>
      </Flex>
    </Modal>
  );
}
