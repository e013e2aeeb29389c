import { ReloadOutlined } from '@esim/ui/icons';
import { Button, Flex, Tag } from 'antd';
import type { Cart, OrderReview } from '@esim/contracts';
import { isApiError } from '@esim/platform';
import {
  DetailHeader,
  Wizard,
  confirm,
  handleSaveError,
  useUnsavedChangesPrompt,
  useValibotForm,
  type WizardStep,
} from '@esim/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearCart, reviewCart } from '../api';
import { yen } from '../format';
import { withReviewInfo, type BasketLine } from './basket';
import { CompletedStep } from './CompletedStep';
import { OrderInformationStep } from './OrderInformationStep';
import { OrderPreviewStep } from './OrderPreviewStep';
import { orderInformationSchema, orderRequestOf, cartInputOf, type OrderDraft } from './orderDraft';
import type { ChosenPartner } from './PartnerPicker';
import { PurchaseStep } from './PurchaseStep';
import { SelectBundleStep } from './SelectBundleStep';
import { bundleStepProblem, purchaseStepRules, type BundleStepProblem } from './steps';
import { useBasket } from './useBasket';
import { useCartAutosave, type CartSaveState } from './useCartAutosave';
import { usePurchase } from './usePurchase';

const UNMATCHED_COUNTRY = 'orders.unmatchedCountry';
const INFORMATION_FIELDS = ['customerName', 'useCountries', 'notes'] as const;
const SAVE_STATE_COLORS: Record<CartSaveState, string> = {
  saved: 'green',
  pending: 'default',
  saving: 'blue',
  failed: 'red',
};

export interface OrderWizardProps {
  /** The staff member's saved cart: the wizard starts from it. */
  cart: Cart;
  /** The cart was emptied: start a new wizard run from the new cart. */
  onRestart: () => Promise<void>;
}

/**
 * /orders/register: the five steps of the purchase (select bundle, order information, order
 * preview, purchase, completed) on the kit's Wizard. The draft is saved to the server as the user
 * goes (PUT cart) and the purchase carries the cart's Idempotency-Key, so a repeated purchase
 * never buys twice.
 */
export function OrderWizard({ cart, onRestart }: OrderWizardProps) {
  const { t } = useTranslation(['orders', 'common']);
  const [partner, setPartner] = useState<ChosenPartner | null>(
    cart.partnerId ? { id: cart.partnerId, name: cart.partnerName ?? '' } : null,
  );
  const [campaignCode, setCampaignCode] = useState(cart.campaignCode ?? '');
  const form = useValibotForm(orderInformationSchema, {
    defaultValues: {
      customerName: cart.customerName ?? '',
      useCountries: cart.useCountries,
      notes: cart.notes ?? '',
    },
  });
  const [bundleProblem, setBundleProblem] = useState<BundleStepProblem | null>(null);
  const [review, setReview] = useState<OrderReview | null>(null);
  const [reviewError, setReviewError] = useState<string | null>(null);
  const [campaignError, setCampaignError] = useState<string | null>(null);
  const [restarting, setRestarting] = useState(false);

  const { basket, setLines } = useBasket(cart.lines, partner?.id ?? null);

  const draft = (): OrderDraft => ({
    partnerId: partner?.id ?? null,
    lines: basket,
    information: form.getValues(),
    campaignCode,
  });
  const autosave = useCartAutosave(() => cartInputOf(draft()));
  const { schedule } = autosave;
  useEffect(() => {
    const subscription = form.watch(() => schedule());
    return () => subscription.unsubscribe();
  }, [form, schedule]);

  const purchase = usePurchase();
  const purchaseRules = purchaseStepRules(purchase.phase);

  useUnsavedChangesPrompt(autosave.state !== 'saved' || purchase.pending, {
    title: t('wizard.leaveTitle'),
    description: t('wizard.leaveDescription'),
  });

  const changeLines = (next: BasketLine[]) => {
    setLines(next);
    setBundleProblem(null);
    setReview(null);
    schedule();
  };

  const changePartner = useCallback(
    async (next: ChosenPartner | null) => {
      if (next?.id === partner?.id) return;
      if (
        basket.length > 0 &&
        !(await confirm({
          title: t('bundles.changePartnerTitle'),
          description: t('bundles.changePartnerDescription'),
          confirmText: t('bundles.changePartnerConfirm'),
        }))
      )
        return;
      setPartner(next);
      setLines([]);
      setReview(null);
      setBundleProblem(null);
      schedule();
    },
    [partner, basket.length, t, schedule, setLines],
  );

  const requestOf = (code: string) => {
    if (!partner) throw new Error('No partner chosen');
    return orderRequestOf({ ...draft(), partnerId: partner.id, campaignCode: code });
  };

  const reviewInformation = async () => {
    setReviewError(null);
    if (!(await form.trigger())) return false;
    try {
      const answer = await reviewCart(requestOf(campaignCode));
      setReview(answer);
      setLines(withReviewInfo(basket, answer));
      return true;
    } catch (error) {
      const { unplaced } = handleSaveError(error, form.setError, INFORMATION_FIELDS);
      if (isApiError(error) && error.key === UNMATCHED_COUNTRY)
        form.setError('useCountries', { type: 'server', message: error.message });
      else if (unplaced.length > 0) setReviewError(unplaced.join(' '));
      else if (!isApiError(error)) setReviewError(t('common:errors.default'));
      throw error;
    }
  };

  const applyCampaign = async (code: string) => {
    setCampaignError(null);
    try {
      setReview(await reviewCart(requestOf(code)));
      setCampaignCode(code);
      schedule();
    } catch (error) {
      setCampaignError(isApiError(error) ? error.message : t('common:errors.default'));
    }
  };

  const sendPurchase = () =>
    purchase.send(requestOf(campaignCode), cart.idempotencyKey, () => {
      // The order is placed: the draft is done, the next run gets a new key.
      autosave.cancel();
      void autosave.enqueue(clearCart).catch(() => undefined);
    });

  const confirmPurchase = async () => {
    if (!review) return false;
    const confirmed = await confirm({
      title: t('purchase.confirmTitle'),
      description: t('purchase.confirmDescription', {
        total: yen(review.finalPrice),
        partner: review.partnerName,
      }),
      confirmText: t('purchase.confirm'),
      danger: false,
    });
    if (!confirmed) return false;
    sendPurchase();
    return true;
  };

  const startOver = async (ask: boolean) => {
    if (
      ask &&
      !(await confirm({
        title: t('wizard.startOverTitle'),
        description: t('wizard.startOverDescription'),
        confirmText: t('wizard.startOver'),
      }))
    )
      return;
    setRestarting(true);
    try {
      autosave.cancel();
      await autosave.enqueue(clearCart);
      await onRestart();
    } catch {
      // The API client has shown the error; the wizard stays as it is.
    } finally {
      setRestarting(false);
    }
  };

  const steps: WizardStep[] = [
    {
      key: 'selectBundle',
      title: t('steps.selectBundle'),
      content: (
        <SelectBundleStep
          partner={partner}
          onPartnerChange={(next) => void changePartner(next)}
          lines={basket}
          onLinesChange={changeLines}
          problem={bundleProblem}
        />
      ),
      onNext: () => {
        const problem = bundleStepProblem(partner?.id ?? null, basket);
        setBundleProblem(problem);
        return problem === null;
      },
    },
    {
      key: 'orderInformation',
      title: t('steps.orderInformation'),
      content: <OrderInformationStep control={form.control} reviewError={reviewError} />,
      onNext: reviewInformation,
    },
    {
      key: 'orderPreview',
      title: t('steps.orderPreview'),
      content: review ? (
        <OrderPreviewStep
          review={review}
          customerName={form.getValues('customerName')}
          useCountries={form.getValues('useCountries') ?? []}
          campaignCode={campaignCode}
          onApplyCampaign={applyCampaign}
          campaignError={campaignError}
        />
      ) : null,
      canProceed: review !== null,
      nextLabel: t('purchase.button'),
      onNext: confirmPurchase,
    },
    {
      key: 'purchase',
      title: t('steps.purchase'),
      content: (
        <PurchaseStep
          phase={purchase.phase}
          order={purchase.order}
          reason={purchase.reason}
          onRetry={sendPurchase}
        />
      ),
      ...purchaseRules,
    },
    {
      key: 'completed',
      title: t('steps.completed'),
      content: purchase.order ? (
        <CompletedStep order={purchase.order} onNewOrder={() => void startOver(false)} />
      ) : null,
    },
  ];

  return (
    <Flex vertical gap="middle">
      <DetailHeader
        title={t('register.title')}
        titleTestId="order-register-title"
        tags={
          purchase.placed ? null : (
            <Tag
              color={SAVE_STATE_COLORS[autosave.state]}
              data-testid="cart-save-state"
              data-state={autosave.state}
            >
              {t(`cartState.${autosave.state}`)}
            </Tag>
          )
        }
        actions={
          purchase.placed ? null : (
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void startOver(true)}
              loading={restarting}
              autoInsertSpace={false}
              data-testid="start-over"
            >
              {t('wizard.startOver')}
            </Button>
          )
        }
      />
      <Wizard label={t('wizard.label')} steps={steps} />
    </Flex>
  );
}
