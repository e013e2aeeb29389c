import { Card, Descriptions, Flex, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { DetailGate, isDetailReady, BackLink } from '@esim/ui';
import { displayValue, formatNumber } from '@esim/utils';
import { productPricesQuery } from '../api';
import { TariffPriceTable } from '../components/TariffPriceTable';
import { useProductFormat, yen } from '../format';
import { GrossProfit } from '../components/GrossProfit';
import { PRICE_LIST_PATH, productDetailUrl } from '../paths';
import { SpecialPrice } from '../components/SpecialPrice';

/** /products-price/detail?id=: one product's prices in every tariff code. */
export function PriceDetailScreen() {
  return (
    <div data-testid="area-screen" data-screen="product-price-detail">
      <PriceDetailContent />
    </div>
  );
}

function PriceDetailContent() {
  const { t } = useTranslation(['products', 'common']);
  const format = useProductFormat();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useQuery({ ...productPricesQuery(id), enabled: id !== '' });
  const back = <BackLink to={PRICE_LIST_PATH} label={t('priceDetail.back')} />;

  if (!isDetailReady(query, id))
    return (
      <DetailGate
        query={query}
        id={id}
        name={t('entity.product')}
        backTo={PRICE_LIST_PATH}
        backLabel={t('priceDetail.back')}
        skeletonRows={8}
      />
    );
  const { product, prices } = query.data;

  return (
    <Flex vertical gap="middle" data-testid="price-detail">
      {back}
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="price-detail-title">
          {t('priceDetail.title', { name: product.name })}
        </Typography.Title>
        <Link to={productDetailUrl(product.id)}>{t('priceDetail.openProduct')}</Link>
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          {
            key: 'productCode',
            label: t('common:fields.productCode'),
            children: product.productCode,
          },
          { key: 'supplier', label: t('common:fields.supplierId'), children: product.supplierName },
          {
            key: 'category',
            label: t('common:fields.category'),
            children: displayValue(product.category),
          },
          {
            key: 'cost',
            label: t('common:fields.cost'),
            children: format.money(product.costMinor, product.costCurrency),
          },
          {
            key: 'exchangeRate',
            label: t('common:fields.exchangeRate'),
            children:
              product.exchangeRate === null
                ? displayValue(null)
                : formatNumber(product.exchangeRate, { maxDecimals: 6 }),
          },
          {
            key: 'costJpy',
            label: t('common:fields.costJpy'),
            children: <span data-testid="price-detail-cost-jpy">{yen(product.costJpy)}</span>,
          },
          {
            key: 'sellingPrice',
            label: t('common:fields.sellingPrice'),
            children: yen(product.sellingPriceJpy),
          },
          {
            key: 'specialPrice',
            label: t('common:fields.specialPrice'),
            children: (
              <SpecialPrice
                price={product.specialPriceJpy}
                active={product.specialActive}
                period={format.period(product.specialFrom, product.specialTo)}
              />
            ),
          },
          {
            key: 'grossProfit',
            label: t('common:fields.grossProfit'),
            children: <GrossProfit figures={product} unit="both" testId="detail-grossProfit" />,
          },
        ]}
      />
      <Card size="small" title={t('priceDetail.inTariffCodes')}>
        <TariffPriceTable prices={prices} />
      </Card>
    </Flex>
  );
}

export default PriceDetailScreen;
