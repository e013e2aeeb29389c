import { Card, Descriptions, Typography } from 'antd';
import { resolveRule, type PricingRule, type TariffOverrides } from '@esim/contracts';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RuleFields } from './RuleFields';

/**
 * A code's overrides as the API wants them: an empty field (undefined, '' or null) is null,
 * i.e. inherited from the profile. PUT tariff keeps a field that is left out, so clearing an
 * override must send null explicitly.
 */
export function toOverrides(values: Record<string, unknown>): TariffOverrides {
  const pick = <K extends keyof TariffOverrides>(key: K) =>
    (values[key] === undefined || values[key] === '' ? null : values[key]) as TariffOverrides[K];
  return {
    baseTariff: pick('baseTariff'),
    logic1: pick('logic1'),
    logic2: pick('logic2'),
    logic3: pick('logic3'),
  };
}

/** The form keeps an empty override as undefined/null: the group's value is used. */
export function effectiveRule(group: PricingRule, values: Record<string, unknown>): PricingRule {
  return resolveRule(group, toOverrides(values));
}

/** The profile's rule a code inherits from (next to the code's override fields). */
export function GroupRuleCard({ group }: { group: PricingRule }) {
  const { t } = useTranslation(['tariffs', 'common']);
  return (
    <Card size="small" title={t('code.groupRule')}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('common:fields.baseTariff')}>
          {t(`baseTariff.${group.baseTariff}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('common:fields.logic1')}>{group.logic1}%</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.logic2')}>{group.logic2}</Descriptions.Item>
        <Descriptions.Item label={t('common:fields.logic3')}>
          {t(`logic3.${group.logic3}`)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** A code's override fields: every rule field may be left empty (= the profile's value). */
export function CodeOverrideFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation('tariffs');
  return (
    <>
      <Typography.Paragraph type="secondary">{t('code.inheritHelp')}</Typography.Paragraph>
      <RuleFields control={control} inherit />
    </>
  );
}
