import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PermissionMethod } from '@esim/contracts';
import { useMatrixLabels } from './matrixLabels';
import type { PermissionChange } from './permissionMatrix';

/** What a save of the matrix grants (green) and removes (red), per resource and method. */
export function PermissionDiffList({ changes }: { changes: readonly PermissionChange[] }) {
  const { t } = useTranslation('roles');
  const labels = useMatrixLabels();
  const methodTag = (method: PermissionMethod, kind: 'granted' | 'removed', path: string) => (
    <Tag
      key={`${kind}-${method}`}
      color={kind === 'granted' ? 'green' : 'red'}
      data-testid={`diff-${kind}-${path}-${method}`}
    >
      {kind === 'granted' ? '+ ' : '− '}
      {labels.method(method)} ({method})
    </Tag>
  );
  return (
    <Flex vertical gap="small" data-testid="permission-diff" style={{ marginTop: 8 }}>
      {changes.map((change) => (
        <div key={change.path} data-testid={`diff-${change.path}`}>
          <Typography.Text strong>{labels.path(change.path)}</Typography.Text>{' '}
          <Typography.Text type="secondary" code>
            {change.path}
          </Typography.Text>
          <Flex gap={4} wrap style={{ marginTop: 4 }}>
            {change.granted.length > 0 && (
              <Typography.Text type="success">{t('matrix.grants')}:</Typography.Text>
            )}
            {change.granted.map((method) => methodTag(method, 'granted', change.path))}
            {change.removed.length > 0 && (
              <Typography.Text type="danger">{t('matrix.removes')}:</Typography.Text>
            )}
            {change.removed.map((method) => methodTag(method, 'removed', change.path))}
          </Flex>
        </div>
      ))}
    </Flex>
  );
}
