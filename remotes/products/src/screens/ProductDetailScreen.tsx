import { DollarOutlined, EditOutlined, TagOutlined } from '@esim/ui/icons';
import { Alert, Button, Card, Descriptions, Flex, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { RESOURCES, type ProductDetail } from '@esim/contracts';
import { DetailGate, isDetailReady, useUrlTab, BackLink } from '@esim/ui';
import { usePermission } from '@esim/platform';
import { displayValue, formatNumber } from '@esim/utils';
import { productQuery } from '../api';
import { EditProductForm } from '../components/EditProductForm';
import { LabelsEditor } from '../components/LabelsEditor';
import { SellingPriceDialog, SpecialPriceDialog } from '../components/PriceDialogs';
import { ProductHistory } from '../components/ProductHistory';
import { TariffPriceTable } from '../components/TariffPriceTable';
import { useProductFormat, yen } from '../format';
import { GrossProfit } from '../components/GrossProfit';
import { PRODUCT_LIST_PATH, priceDetailUrl } from '../paths';

const TABS = ['details', 'history'] as const;

interface Field {
  key: string;
  label: string;
  value: ReactNode;
}

/** One group of fields (bordered, two columns), each value with data-testid product-field-<key>. */
function FieldGroup({ title, fields }: { title: string; fields: Field[] }) {
  return (
    <Descriptions
      title={title}
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      items={fields.map((field) => ({
        key: field.key,
        label: field.label,
        children: <span data-testid={`product-field-${field.key}`}>{field.value}</span>,
      }))}
    />
  );
}

function ReadView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation(['products', 'common']);
  const format = useProductFormat();
  const label = (key: string) => t(`common:fields.${key}`);
  const text = (value: string | null) => displayValue(value);
  return (
    <Flex vertical gap="large" data-testid="product-details">
      <FieldGroup
        title={t('detail.sections.general')}
        fields={[
          { key: 'name', label: label('name'), value: product.name },
          { key: 'productCode', label: label('productCode'), value: product.productCode },
          { key: 'display', label: label('display'), value: text(product.display) },
          {
            key: 'supplierName',
            label: label('supplierId'),
            value: `${product.supplierName} (${t(`deliveryType.${product.supplierDeliveryType}`)})`,
          },
          { key: 'category', label: label('category'), value: text(product.category) },
          { key: 'iccid', label: label('iccid'), value: text(product.iccid) },
          { key: 'type', label: label('type'), value: t(`type.${product.type}`) },
          { key: 'network', label: label('network'), value: t(`network.${product.network}`) },
          { key: 'status', label: label('status'), value: t(`status.${product.status}`) },
          { key: 'description', label: label('description'), value: text(product.description) },
        ]}
      />
      <FieldGroup
        title={t('detail.sections.plan')}
        fields={[
          { key: 'data', label: label('data'), value: format.data(product.dataMb) },
          {
            key: 'duration',
            label: label('duration'),
            value: format.duration(product.durationDays),
          },
          {
            key: 'coverage',
            label: label('coverage'),
            value:
              product.coverage.length === 0 ? (
                displayValue(null)
              ) : (
                <Flex gap={4} wrap>
                  {product.coverage.map((country) => (
                    <Tag key={country} style={{ marginInlineEnd: 0 }}>
                      {country}
                    </Tag>
                  ))}
                </Flex>
              ),
          },
          {
            key: 'throttlingSpeed',
            label: label('throttlingSpeed'),
            value: `${formatNumber(product.throttlingSpeed)} kbps`,
          },
          { key: 'apnType', label: label('apnType'), value: t(`apnType.${product.apnType}`) },
          { key: 'apnValue', label: label('apnValue'), value: text(product.apnValue) },
        ]}
      />
      <FieldGroup
        title={t('detail.sections.prices')}
        fields={[
          {
            key: 'cost',
            label: label('cost'),
            value: format.money(product.costMinor, product.costCurrency),
          },
          {
            key: 'priceMinor',
            label: label('priceMinor'),
            value: format.money(product.priceMinor, product.costCurrency),
          },
          {
            key: 'exchangeRate',
            label: label('exchangeRate'),
            value:
              product.exchangeRate === null
                ? displayValue(null)
                : `${formatNumber(product.exchangeRate, { maxDecimals: 6 })} JPY / ${product.costCurrency}`,
          },
          { key: 'costJpy', label: label('costJpy'), value: yen(product.costJpy) },
          {
            key: 'sellingPrice',
            label: label('sellingPrice'),
            value: yen(product.sellingPriceJpy),
          },
          {
            key: 'specialPrice',
            label: label('specialPrice'),
            value:
              product.specialPriceJpy === null ? (
                displayValue(null)
              ) : (
                <Flex gap="small" wrap align="center">
                  <span>{yen(product.specialPriceJpy)}</span>
                  <span data-testid="special-period">
                    {format.period(product.specialFrom, product.specialTo)}
                  </span>
                  {product.specialActive ? (
                    <Tag color="magenta" data-testid="special-active">
                      {t('special.badge')}
                    </Tag>
                  ) : (
                    <Tag>{t('special.notToday')}</Tag>
                  )}
                </Flex>
              ),
          },
          {
            key: 'currentPrice',
            label: t('fields.currentPriceJpy'),
            value: yen(product.currentPriceJpy),
          },
          {
            key: 'grossProfit',
            label: label('grossProfit'),
            value: <GrossProfit figures={product} unit="both" testId="detail-grossProfit" />,
          },
        ]}
      />
      <FieldGroup
        title={t('detail.sections.record')}
        fields={[
          {
            key: 'createdDate',
            label: label('createdDate'),
            value: format.dateTime(product.createdDate),
          },
          { key: 'createdBy', label: label('createdBy'), value: product.createdBy },
          {
            key: 'updatedDate',
            label: label('updatedDate'),
            value: format.dateTime(product.updatedDate),
          },
          { key: 'updatedBy', label: label('updatedBy'), value: product.updatedBy },
          { key: 'version', label: label('version'), value: product.version },
        ]}
      />
    </Flex>
  );
}

/** /products/detail?id=: every field (grouped), edit, prices, labels, price lists, history. */
export function ProductDetailScreen() {
  return (
    <div data-testid="area-screen" data-screen="product-detail">
      <ProductDetailContent />
    </div>
  );
}

function ProductDetailContent() {
  const { t } = useTranslation(['products', 'common']);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [tab, setTab] = useUrlTab(TABS);
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'selling' | 'special' | null>(null);
  const canEdit = usePermission(RESOURCES.products, 'PUT');
  const query = useQuery({ ...productQuery(id), enabled: id !== '' });

  const back = <BackLink to={PRODUCT_LIST_PATH} label={t('detail.back')} />;

  if (!isDetailReady(query, id))
    return (
      <DetailGate
        query={query}
        id={id}
        name={t('entity.product')}
        backTo={PRODUCT_LIST_PATH}
        backLabel={t('detail.back')}
        skeletonRows={12}
      />
    );
  const product = query.data;

  return (
    <Flex vertical gap="middle" data-testid="product-detail">
      {back}
      <Flex justify="space-between" align="center" wrap gap="small">
        <Flex align="center" gap="small" wrap>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="product-title">
            {product.name}
          </Typography.Title>
          <Typography.Text type="secondary">{product.productCode}</Typography.Text>
          <Tag color={product.status === 'active' ? 'green' : 'default'}>
            {t(`status.${product.status}`)}
          </Tag>
        </Flex>
        {!editing && canEdit && (
          <Flex gap="small" wrap>
            <Button
              icon={<DollarOutlined />}
              onClick={() => setDialog('selling')}
              autoInsertSpace={false}
            >
              {t('detail.editSellingPrice')}
            </Button>
            <Button
              icon={<TagOutlined />}
              onClick={() => setDialog('special')}
              autoInsertSpace={false}
            >
              {t('detail.editSpecialPrice')}
            </Button>
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => {
                setTab('details');
                setEditing(true);
              }}
              autoInsertSpace={false}
            >
              {t('detail.edit')}
            </Button>
          </Flex>
        )}
      </Flex>
      {product.costJpy === null && (
        <Alert
          type="warning"
          showIcon
          title={t('prices.noRate', { currency: product.costCurrency })}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'details',
            label: t('detail.tabs.details'),
            children: editing ? (
              <EditProductForm product={product} onDone={() => setEditing(false)} />
            ) : (
              <Flex vertical gap="large">
                <Card size="small" title={t('common:fields.labels')}>
                  <LabelsEditor product={product} canEdit={canEdit} />
                </Card>
                <ReadView product={product} />
                <Card
                  size="small"
                  title={t('priceLists.title')}
                  extra={<Link to={priceDetailUrl(product.id)}>{t('priceLists.open')}</Link>}
                  data-testid="product-price-lists"
                >
                  <TariffPriceTable prices={product.tariffPrices} />
                </Card>
              </Flex>
            ),
          },
          {
            key: 'history',
            label: t('detail.tabs.history'),
            disabled: editing,
            children: <ProductHistory productId={product.id} costCurrency={product.costCurrency} />,
          },
        ]}
      />
      {dialog === 'selling' && (
        <SellingPriceDialog product={product} onClose={() => setDialog(null)} />
      )}
      {dialog === 'special' && (
        <SpecialPriceDialog product={product} onClose={() => setDialog(null)} />
      )}
    </Flex>
  );
}

export default ProductDetailScreen;
