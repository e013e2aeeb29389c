import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LABEL_MAX_LENGTH, normalizeLabels } from '@esim/contracts';
import { labelListQuery } from '../api';

export interface LabelsSelectProps {
  id?: string;
  value: string[];
  onChange: (labels: string[]) => void;
  disabled?: boolean;
}

/** Free labels as tags, suggesting the labels already in use (GET product/label/list). */
export function LabelsSelect({ id, value, onChange, disabled }: LabelsSelectProps) {
  const { t } = useTranslation(['products', 'common']);
  const labels = useQuery(labelListQuery());
  return (
    <Select
      id={id}
      mode="tags"
      aria-label={t('common:fields.labels')}
      value={value}
      onChange={(next: string[]) =>
        onChange(normalizeLabels(next.map((label) => label.slice(0, LABEL_MAX_LENGTH))))
      }
      options={(labels.data?.items ?? []).map((item) => ({
        value: item.label,
        label: item.label,
      }))}
      tokenSeparators={[',']}
      placeholder={t('labels.placeholder')}
      loading={labels.isPending}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
