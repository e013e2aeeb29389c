import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { percent, yen } from '../format';

export interface GrossProfitFigures {
  specialActive: boolean;
  grossProfit: number | null;
  grossProfitPercent: number | null;
  sellingGrossProfit: number | null;
  sellingGrossProfitPercent: number | null;
}

/**
 * The gross profit of the price that applies today (the API computes it), in yen or percent; while
 * a special price applies, the margin at the selling price is shown beneath for comparison.
 */
export function GrossProfit({
  figures,
  unit,
  testId,
}: {
  figures: GrossProfitFigures;
  unit: 'yen' | 'percent' | 'both';
  testId?: string;
}) {
  const { t } = useTranslation('products');
  const show = (amount: number | null, ratio: number | null) =>
    unit === 'yen'
      ? yen(amount)
      : unit === 'percent'
        ? percent(ratio)
        : `${yen(amount)} (${percent(ratio)})`;
  const atSelling = figures.specialActive && figures.sellingGrossProfit !== null;
  return (
    <span data-testid={testId}>
      <span data-testid={testId ? `${testId}-today` : undefined}>
        {show(figures.grossProfit, figures.grossProfitPercent)}
      </span>
      {atSelling && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {t('special.atSellingPrice', {
            value: show(figures.sellingGrossProfit, figures.sellingGrossProfitPercent),
          })}
        </Typography.Text>
      )}
    </span>
  );
}
