import { DeleteOutlined, ShoppingCartOutlined } from '@esim/ui/icons';
import { NumberInput } from '@esim/ui';
import { Alert, Button, Card, Empty, Flex, Typography } from 'antd';
import { displayValue } from '@esim/utils';
import { useTranslation } from 'react-i18next';
import { yen } from '../format';
import { basketSubTotal, linesOverStock, maxQuantity, type BasketLine } from './basket';

export interface BasketProps {
  lines: readonly BasketLine[];
  onQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
  /** The cart-empty warning (the user pressed Next with nothing in the basket). */
  emptyWarning: boolean;
}

/** What the order will buy: one line per bundle with its quantity, and the value so far. */
export function Basket({ lines, onQuantity, onRemove, emptyWarning }: BasketProps) {
  const { t } = useTranslation('orders');
  const subTotal = basketSubTotal(lines);
  const overStock = linesOverStock(lines);
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Card
      size="small"
      data-testid="basket"
      title={
        <Flex gap="small" align="center">
          <ShoppingCartOutlined />
          <span>{t('basket.title', { count })}</span>
        </Flex>
      }
    >
      <Flex vertical gap="small">
        {emptyWarning && lines.length === 0 && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={t('basket.cartEmpty')}
            data-testid="cart-empty"
          />
        )}
        {overStock.length > 0 && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            data-testid="basket-over-stock"
            title={t('basket.overStock', {
              products: overStock.map((line) => line.name ?? line.productCode).join(', '),
            })}
          />
        )}
        {lines.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('basket.empty')} />
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('basket.lines')}>
            {lines.map((line) => (
              <BasketItem
                key={line.productId}
                line={line}
                onQuantity={onQuantity}
                onRemove={onRemove}
              />
            ))}
          </ul>
        )}
        {lines.length > 0 && (
          <Flex justify="space-between" data-testid="basket-subtotal">
            <Typography.Text>{t('amounts.subTotal')}</Typography.Text>
            <Typography.Text strong>
              {subTotal === null ? displayValue(null) : yen(subTotal)}
            </Typography.Text>
          </Flex>
        )}
        {lines.length > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('basket.taxNote')}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

function BasketItem({
  line,
  onQuantity,
  onRemove,
}: {
  line: BasketLine;
  onQuantity: BasketProps['onQuantity'];
  onRemove: BasketProps['onRemove'];
}) {
  const { t } = useTranslation('orders');
  const max = maxQuantity(line.available);
  const label = line.name ?? line.productCode ?? t('basket.unknownProduct');
  return (
    <li
      data-testid="basket-line"
      data-product={line.productCode ?? line.productId}
      style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
    >
      <Flex gap="small" align="flex-start">
        <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text ellipsis={{ tooltip: label }}>{label}</Typography.Text>
          <Flex gap="small" align="center" wrap>
            <NumberInput
              decimals={0}
              maxLength={4}
              messageName="quantity"
              value={line.quantity}
              onChange={(value) => {
                // Whole eSIMs, at least one, never more than can be sold (the kit's input
                // already refuses decimals and negative numbers).
                if (value !== null)
                  onQuantity(line.productId, Math.min(Math.max(1, value), Math.max(1, max)));
              }}
              aria-label={t('basket.quantityOf', { name: label })}
              data-testid="basket-quantity"
              style={{ width: 90 }}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {line.available === undefined
                ? null
                : line.available === null
                  ? t('bundles.onDemand')
                  : t('basket.onHand', { count: line.available })}
            </Typography.Text>
          </Flex>
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12 }}
            data-testid="basket-line-price"
          >
            {line.unitPrice === undefined
              ? displayValue(null)
              : t('basket.linePrice', {
                  unit: yen(line.unitPrice),
                  total: yen(line.unitPrice * line.quantity),
                })}
          </Typography.Text>
        </Flex>
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('basket.remove', { name: label })}
          onClick={() => onRemove(line.productId)}
          data-testid="basket-remove"
        />
      </Flex>
    </li>
  );
}
