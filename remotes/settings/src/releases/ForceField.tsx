import { Alert } from 'antd';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ReleaseCompatibility } from '@esim/contracts';
import { FormCheckboxField } from '@esim/ui';
import { compatibilityProblems } from './compatibility';

/** Why the chosen version does not fit this console, in plain words. */
export function IncompatibleAlert({ compatibility }: { compatibility: ReleaseCompatibility }) {
  const { t } = useTranslation(['settings']);
  return (
    <Alert
      type="error"
      showIcon
      data-testid="release-incompatible"
      title={t('releases.force.incompatible')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {compatibilityProblems(t, compatibility).map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  );
}

/** Force: pin (or give a canary to) a version the compatibility gate refuses; the reason says why. */
export function ForceField<TValues extends FieldValues & { force?: boolean }>({
  control,
}: {
  control: Control<TValues>;
}) {
  const { t } = useTranslation(['settings']);
  return (
    <FormCheckboxField
      control={control}
      name={'force' as FieldPath<TValues>}
      label={t('releases.force.label')}
      text={t('releases.force.text')}
    />
  );
}
