import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReleaseCompatibility } from '@esim/contracts';
import { compatibilityProblems } from './compatibility';

export interface CompatibilityTagProps {
  compatibility: ReleaseCompatibility;
  testId?: string;
}

/** A version's fit with the console: compatible, or not with the problems in plain words. */
export function CompatibilityTag({ compatibility, testId }: CompatibilityTagProps) {
  const { t } = useTranslation(['settings']);
  if (compatibility.unchecked) {
    return (
      <Tooltip title={t('releases.compat.uncheckedHint')}>
        <Tag data-testid={testId} data-compatible="unchecked">
          {t('releases.compat.unchecked')}
        </Tag>
      </Tooltip>
    );
  }
  if (compatibility.compatible) {
    return (
      <Tag color="green" data-testid={testId} data-compatible="true">
        {t('releases.compat.compatible')}
      </Tag>
    );
  }
  return (
    <Flex vertical gap={2} data-testid={testId} data-compatible="false">
      <span>
        <Tag color="red">{t('releases.compat.incompatible')}</Tag>
      </span>
      {compatibilityProblems(t, compatibility).map((problem) => (
        <Typography.Text key={problem} type="danger" style={{ fontSize: 12 }}>
          {problem}
        </Typography.Text>
      ))}
    </Flex>
  );
}
