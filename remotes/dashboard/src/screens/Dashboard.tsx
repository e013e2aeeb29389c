import { Col, Flex, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_DEFAULT_LIMIT, RESOURCES, businessToday } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { PeriodPicker } from '../components/PeriodPicker';
import { granularityOf, toPeriodQuery, toSalesQuery } from '../period';
import { usePeriod } from '../usePeriod';
import { ExchangeRatesWidget } from '../widgets/ExchangeRatesWidget';
import { NewsWidget } from '../widgets/NewsWidget';
import { PlanRatioWidget } from '../widgets/PlanRatioWidget';
import { RecentPurchasesWidget } from '../widgets/RecentPurchasesWidget';
import { SalesRevenueWidget } from '../widgets/SalesRevenueWidget';
import { UsersByCountryWidget } from '../widgets/UsersByCountryWidget';

const GUTTER: [number, number] = [16, 16];

/**
 * /dashboard: the home screen (ant-design-pro's analysis layout). One period drives sales, users
 * by country and the plan ratio; exchange rates, recent purchases and the news are current. A
 * partner admin's figures are its own partner's (the API scopes every call).
 */
export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const [period, setPeriod] = usePeriod();
  const today = useMemo(() => businessToday(), []);
  const periodQuery = useMemo(
    () => toPeriodQuery(period, today, DASHBOARD_DEFAULT_LIMIT),
    [period, today],
  );
  const salesQuery = useMemo(() => toSalesQuery(period, today), [period, today]);
  // The news widget shows nothing without GET on notifications: the others share its row.
  const showsNews = usePermission(RESOURCES.notifications, 'GET');

  return (
    <Flex vertical gap="middle" data-testid="area-screen" data-screen="dashboard">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <PeriodPicker period={period} onChange={setPeriod} today={today} />
      </Flex>
      <Row gutter={GUTTER}>
        <Col xs={24} xl={16}>
          <SalesRevenueWidget
            query={salesQuery}
            granularity={granularityOf(period, today)}
            onGranularityChange={(granularity) => setPeriod({ ...period, granularity })}
          />
        </Col>
        <Col xs={24} xl={8}>
          <PlanRatioWidget query={periodQuery} />
        </Col>
        <Col xs={24} md={12} xl={showsNews ? 6 : 8}>
          <UsersByCountryWidget query={periodQuery} />
        </Col>
        <Col xs={24} md={12} xl={showsNews ? 10 : 16}>
          <ExchangeRatesWidget />
        </Col>
        {showsNews && (
          <Col xs={24} xl={8}>
            <NewsWidget />
          </Col>
        )}
        <Col xs={24}>
          <RecentPurchasesWidget />
        </Col>
      </Row>
    </Flex>
  );
}

export default DashboardScreen;
