import { Card, Flex, Typography } from 'antd';
import { NumberInput } from '@esim/ui';
import {
  BASE_TARIFFS,
  LOGIC3_OPTIONS,
  MARKUP_OPTIONS,
  MAX_LOGIC2_JPY,
  MAX_PRICE_JPY,
  explainPrice,
  type PricingRule,
} from '@esim/contracts';
import { formatNumber } from '@esim/utils';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The rule as far as the form has it (incomplete or invalid parts make no preview). */
export type PartialRule = { [K in keyof PricingRule]?: unknown };

function completeRule(rule: PartialRule): PricingRule | null {
  const { baseTariff, logic1, logic2, logic3 } = rule;
  if (!BASE_TARIFFS.includes(baseTariff as PricingRule['baseTariff'])) return null;
  if (typeof logic1 !== 'number' || !MARKUP_OPTIONS.includes(logic1)) return null;
  if (typeof logic2 !== 'number' || !Number.isSafeInteger(logic2)) return null;
  if (logic2 < 0 || logic2 > MAX_LOGIC2_JPY) return null;
  if (!LOGIC3_OPTIONS.includes(logic3 as PricingRule['logic3'])) return null;
  return rule as PricingRule;
}

const yen = (value: number) => `${formatNumber(value)} JPY`;

/**
 * Live preview of a rule with the ONE price computation of @esim/contracts (the API's):
 * 'cost 1,000 JPY -> 1,400 JPY' for an editable sample cost (and list price).
 */
export function PricePreview({ rule }: { rule: PartialRule }) {
  const { t } = useTranslation('tariffs');
  const id = useId();
  const [cost, setCost] = useState<number>(1000);
  const [price, setPrice] = useState<number>(1200);
  const complete = completeRule(rule);
  const breakdown = complete ? explainPrice({ costJpy: cost, priceJpy: price }, complete) : null;
  const base = complete?.baseTariff === 'price' ? 'price' : 'cost';
  return (
    <Card size="small" title={t('preview.title')} data-testid="price-preview">
      <Flex vertical gap="small">
        <Flex gap="middle" wrap>
          <label htmlFor={`${id}-cost`}>
            {t('preview.sampleCost')}{' '}
            <NumberInput
              id={`${id}-cost`}
              decimals={0}
              messageName="costJpy"
              maxLength={String(MAX_PRICE_JPY).length}
              value={cost}
              onChange={(value) => setCost(value ?? 0)}
              suffix="JPY"
              style={{ width: 160 }}
            />
          </label>
          {base === 'price' && (
            <label htmlFor={`${id}-price`}>
              {t('preview.samplePrice')}{' '}
              <NumberInput
                id={`${id}-price`}
                decimals={0}
                messageName="priceJpy"
                maxLength={String(MAX_PRICE_JPY).length}
                value={price}
                onChange={(value) => setPrice(value ?? 0)}
                suffix="JPY"
                style={{ width: 160 }}
              />
            </label>
          )}
        </Flex>
        <Typography.Text strong data-testid="price-preview-result" aria-live="polite">
          {breakdown
            ? t(`preview.result.${base}`, {
                base: yen(breakdown.base),
                price: yen(breakdown.price),
              })
            : t('preview.incomplete')}
        </Typography.Text>
        {breakdown && (
          <Typography.Text type="secondary">
            {breakdown.logic2Price === null
              ? t('preview.logic1Only', { logic1: yen(breakdown.logic1Price) })
              : t(`preview.both.${breakdown.applied}`, {
                  logic1: yen(breakdown.logic1Price),
                  logic2: yen(breakdown.logic2Price),
                })}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
