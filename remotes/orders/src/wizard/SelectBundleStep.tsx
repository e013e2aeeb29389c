import { Alert, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { addToBasket, removeFromBasket, setLineQuantity, type BasketLine } from './basket';
import { Basket } from './Basket';
import { BundleTable } from './BundleTable';
import { PartnerPicker, type ChosenPartner } from './PartnerPicker';
import type { BundleStepProblem } from './steps';

export interface SelectBundleStepProps {
  partner: ChosenPartner | null;
  onPartnerChange: (partner: ChosenPartner | null) => void;
  lines: readonly BasketLine[];
  onLinesChange: (lines: BasketLine[]) => void;
  /** What the last Next found missing (shown as its warning). */
  problem: BundleStepProblem | null;
}

/** Step 1: the partner first, then its bundles beside the basket. */
export function SelectBundleStep({
  partner,
  onPartnerChange,
  lines,
  onLinesChange,
  problem,
}: SelectBundleStepProps) {
  const { t } = useTranslation('orders');
  return (
    <Flex vertical gap="middle">
      <PartnerPicker value={partner} onChange={onPartnerChange} />
      {problem === 'noPartner' && !partner && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('bundles.partnerRequired')}
          data-testid="partner-required"
        />
      )}
      {partner && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <BundleTable
              partnerId={partner.id}
              lines={lines}
              onAdd={(product) => onLinesChange(addToBasket(lines, product))}
            />
          </Col>
          <Col xs={24} xl={8}>
            <Basket
              lines={lines}
              emptyWarning={problem === 'cartEmpty'}
              onQuantity={(productId, quantity) =>
                onLinesChange(setLineQuantity(lines, productId, quantity))
              }
              onRemove={(productId) => onLinesChange(removeFromBasket(lines, productId))}
            />
          </Col>
        </Row>
      )}
    </Flex>
  );
}
