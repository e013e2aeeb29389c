import { Alert, Button, Card, Descriptions, Flex, Input, Typography } from 'antd';
import { MAX_LENGTH, type OrderReview } from '@esim/contracts';
import { displayValue } from '@esim/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExchangeRates } from '../components/ExchangeRates';
import { OrderAmounts } from '../components/OrderAmounts';
import { OrderLinesTable } from '../components/OrderLinesTable';
import { coverageText, yen } from '../format';

export interface OrderPreviewStepProps {
  review: OrderReview;
  customerName: string;
  useCountries: readonly string[];
  campaignCode: string;
  /** Prices the cart again with this campaign code ('' removes it). */
  onApplyCampaign: (code: string) => Promise<void>;
  /** Why the last campaign code review was refused. */
  campaignError: string | null;
}

/** Step 3: the order as it would be placed now, priced by the API (cart/review), in JPY. */
export function OrderPreviewStep({
  review,
  customerName,
  useCountries,
  campaignCode,
  onApplyCampaign,
  campaignError,
}: OrderPreviewStepProps) {
  const { t } = useTranslation(['orders', 'common']);
  const [code, setCode] = useState(campaignCode);
  const [applying, setApplying] = useState(false);
  const apply = async (value: string) => {
    setApplying(true);
    try {
      await onApplyCampaign(value.trim());
    } finally {
      setApplying(false);
    }
  };
  return (
    <Flex vertical gap="middle" data-testid="order-preview">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'partner', label: t('common:fields.partner'), children: review.partnerName },
          { key: 'tariffCode', label: t('common:fields.tariffCode'), children: review.tariffCode },
          { key: 'customerName', label: t('common:fields.customerName'), children: customerName },
          {
            key: 'useCountries',
            label: t('common:fields.useCountries'),
            children: useCountries.length ? useCountries.join(', ') : displayValue(null),
          },
        ]}
      />
      <OrderLinesTable
        testId="preview-lines"
        lines={review.lines.map((line) => ({
          key: line.productId,
          productCode: line.productCode,
          name: line.name,
          deliveryType: line.deliveryType,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          lineTotal: line.lineTotal,
          discount: line.discount,
          taxRate: line.taxRate,
          details: coverageText(line.coverage),
        }))}
      />
      <Flex gap="middle" wrap align="flex-start">
        <Card size="small" title={t('preview.amounts')} style={{ flex: '1 1 320px' }}>
          <OrderAmounts
            subTotal={review.subTotal}
            discount={review.discount}
            taxes={review.taxes}
            totalAmount={review.totalAmount}
            finalPrice={review.finalPrice}
          />
        </Card>
        <Flex vertical gap="middle" style={{ flex: '1 1 320px' }}>
          <Card size="small" title={t('common:fields.campaignCode')}>
            <Flex vertical gap="small">
              <Input.Search
                aria-label={t('common:fields.campaignCode')}
                placeholder={t('preview.campaignPlaceholder')}
                value={code}
                maxLength={MAX_LENGTH.code}
                onChange={(event) => setCode(event.target.value.toUpperCase())}
                onSearch={(value) => void apply(value)}
                enterButton={t('preview.applyCampaign')}
                loading={applying}
                data-testid="campaign-code"
              />
              {review.campaignCode ? (
                <Flex justify="space-between" align="center" gap="small" wrap>
                  <Flex vertical>
                    <Typography.Text type="secondary" data-testid="campaign-applied">
                      {t('preview.campaignApplied', { code: review.campaignCode })}
                    </Typography.Text>
                    <Typography.Text data-testid="campaign-discount">
                      {t('preview.campaignDiscount', { amount: yen(review.discount) })}
                    </Typography.Text>
                  </Flex>
                  <Button
                    size="small"
                    disabled={applying}
                    onClick={() => {
                      setCode('');
                      void apply('');
                    }}
                    autoInsertSpace={false}
                    data-testid="campaign-remove"
                  >
                    {t('preview.removeCampaign')}
                  </Button>
                </Flex>
              ) : null}
              {campaignError && (
                <Alert
                  type="error"
                  showIcon
                  role="alert"
                  title={campaignError}
                  data-testid="campaign-error"
                />
              )}
            </Flex>
          </Card>
          <Card size="small" title={t('exchangeRates.title')}>
            <ExchangeRates rates={review.exchangeRates} />
          </Card>
        </Flex>
      </Flex>
      <Typography.Text type="secondary">{t('preview.note')}</Typography.Text>
    </Flex>
  );
}
