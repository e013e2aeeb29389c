import { PlusOutlined } from '@esim/ui/icons';
import { Button, Card, Col, Flex, Result, Row, Typography } from 'antd';
import type { OrderDetail } from '@esim/contracts';
import { displayValue } from '@esim/utils';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemActivationCode } from '../components/ItemActivationCode';
import { ItemStatusTag } from '../components/StatusTags';
import { orderDetailUrl, orderItemUrl } from '../paths';

/** Step 5: the order placed, each eSIM with its ICCID and (revealed) QR code, a new order. */
export function CompletedStep({
  order,
  onNewOrder,
}: {
  order: OrderDetail;
  onNewOrder: () => void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  return (
    <Flex vertical gap="middle" data-testid="order-completed">
      <Result
        status="success"
        title={t('completed.title', { orderNo: order.orderNo })}
        subTitle={t('completed.subtitle', {
          customer: order.customerName,
          partner: order.partnerName,
        })}
        extra={[
          <Link key="order" to={orderDetailUrl(order.id)} data-testid="completed-order-link">
            {t('completed.openOrder')}
          </Link>,
          <Button
            key="new"
            type="primary"
            icon={<PlusOutlined />}
            onClick={onNewOrder}
            autoInsertSpace={false}
            data-testid="new-order"
          >
            {t('completed.newOrder')}
          </Button>,
        ]}
      />
      <Row gutter={[16, 16]}>
        {order.items.map((item) => (
          <Col key={item.id} xs={24} md={12} xl={8}>
            <Card
              size="small"
              data-testid="completed-item"
              title={
                <Flex gap="small" align="center" wrap>
                  <Link to={orderItemUrl(item.id)}>{item.productName}</Link>
                  <ItemStatusTag status={item.status} />
                </Flex>
              }
            >
              <Flex vertical gap="small">
                <Typography.Text>
                  {t('common:fields.iccid')}:{' '}
                  <Typography.Text code data-testid="completed-iccid">
                    {displayValue(item.iccid)}
                  </Typography.Text>
                </Typography.Text>
                {item.deliveryError && (
                  <Typography.Text type="danger">{item.deliveryError}</Typography.Text>
                )}
                <ItemActivationCode item={item} compact />
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
