import { Alert, DatePicker, Descriptions, Flex, Form } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useController, type Control } from 'react-hook-form';
import {
  editSellingPriceSchema,
  editSpecialPriceSchema,
  encodeMessage,
  type EditSpecialPriceInput,
  type ProductDetail,
} from '@esim/contracts';
import { FormDialog, FormNumberField, translateValidationMessage, useValibotForm } from '@esim/ui';
import { formatNumber } from '@esim/utils';
import { productKeys, productQuery } from '../api';
import { percent, useProductFormat, yen } from '../format';
import { productMutations } from '../mutations';
import { useProductConflictWords } from './forms';

const DAY = 'YYYY-MM-DD';

/** The cost next to a price being edited, so "must be greater than Cost Price" is clear. */
function CostBeside({ product, price }: { product: ProductDetail; price: number | null }) {
  const { t } = useTranslation(['products', 'common']);
  const format = useProductFormat();
  const profit =
    price !== null && product.costJpy !== null && price > 0 ? price - product.costJpy : null;
  return (
    <Flex vertical gap="small" style={{ marginBottom: 16 }}>
      {product.costJpy === null && (
        <Alert
          type="warning"
          showIcon
          title={t('prices.noRate', { currency: product.costCurrency })}
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          {
            key: 'cost',
            label: t('common:fields.cost'),
            children: format.money(product.costMinor, product.costCurrency),
          },
          {
            key: 'rate',
            label: t('common:fields.exchangeRate'),
            children:
              product.exchangeRate === null
                ? yen(null)
                : formatNumber(product.exchangeRate, { maxDecimals: 6 }),
          },
          {
            key: 'costJpy',
            label: t('common:fields.costJpy'),
            children: (
              <strong data-testid="dialog-cost-jpy">
                {product.costJpy === null ? yen(null) : `${yen(product.costJpy)} JPY`}
              </strong>
            ),
          },
          {
            key: 'profit',
            label: t('common:fields.grossProfit'),
            children:
              profit === null
                ? yen(null)
                : `${yen(profit)} JPY (${percent(
                    Math.round((profit * 10000) / (price as number)) / 100,
                  )})`,
          },
        ]}
      />
    </Flex>
  );
}

/** Price dialogs send the version they loaded; Reload takes the product's current version. */
function useVersionReload(productId: string, setVersion: (version: number) => void) {
  const queryClient = useQueryClient();
  return async () => {
    const current = await queryClient.fetchQuery({ ...productQuery(productId), staleTime: 0 });
    setVersion(current.version);
    await queryClient.invalidateQueries({ queryKey: productKeys.all });
  };
}

interface PriceDialogProps {
  product: ProductDetail;
  onClose: () => void;
}

/** PUT product/edit-selling-price: whole JPY, greater than the cost in JPY (form and API). */
export function SellingPriceDialog({ product, onClose }: PriceDialogProps) {
  const { t } = useTranslation(['products', 'common']);
  const queryClient = useQueryClient();
  const form = useValibotForm(editSellingPriceSchema, {
    defaultValues: {
      id: product.id,
      version: product.version,
      sellingPriceJpy: product.sellingPriceJpy ?? (undefined as unknown as number),
    },
  });
  const reload = useVersionReload(product.id, (version) => form.setValue('version', version));
  const conflictWords = useProductConflictWords();
  const mutation = useMutation(productMutations.editSellingPrice(queryClient));
  const price = form.watch('sellingPriceJpy');

  const aboveCost = (values: { sellingPriceJpy: number }) => {
    if (product.costJpy === null || values.sellingPriceJpy > product.costJpy) return true;
    form.setError('sellingPriceJpy', {
      type: 'validate',
      message: encodeMessage('sellingAboveCost'),
    });
    return false;
  };

  return (
    <FormDialog
      form={form}
      title={t('sellingPrice.title', { code: product.productCode })}
      onSubmit={mutation.mutateAsync}
      onClose={onClose}
      onReload={reload}
      validate={aboveCost}
      serverFields={['sellingPriceJpy']}
      conflictAlert={conflictWords}
      testId="selling-price-dialog"
    >
      <CostBeside product={product} price={typeof price === 'number' ? price : null} />
      <FormNumberField
        control={form.control}
        name="sellingPriceJpy"
        label={t('common:fields.sellingPriceJpy')}
        decimals={0}
        maxLength={10}
        suffix="JPY"
        required
        extra={t('sellingPrice.hint')}
      />
    </FormDialog>
  );
}

function toDay(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value, DAY);
  return parsed.isValid() ? parsed : null;
}

/** The validity period (either end open) bound to specialFrom / specialTo. */
function PeriodField({ control }: { control: Control<EditSpecialPriceInput> }) {
  const { t } = useTranslation(['products', 'common', 'validation']);
  const from = useController({ control, name: 'specialFrom' });
  const to = useController({ control, name: 'specialTo' });
  const error = from.fieldState.error?.message ?? to.fieldState.error?.message;
  const help = error ? translateValidationMessage(t, error) : undefined;
  return (
    <Form.Item
      label={t('special.period')}
      htmlFor="field-specialPeriod"
      validateStatus={help ? 'error' : undefined}
      help={help}
      extra={t('special.periodHint')}
    >
      <DatePicker.RangePicker
        id={{ start: 'field-specialFrom', end: 'field-specialTo' }}
        allowEmpty={[true, true]}
        format={DAY}
        placeholder={[t('special.openStart'), t('special.openEnd')]}
        value={[toDay(from.field.value), toDay(to.field.value)]}
        onChange={(dates) => {
          const [start, end] = dates ?? [null, null];
          from.field.onChange(start ? start.format(DAY) : null);
          to.field.onChange(end ? end.format(DAY) : null);
        }}
        // Enter confirms a typed date; it must not also submit the dialog's form half-filled.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        status={help ? 'error' : undefined}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

/**
 * PUT product/edit-special-price: a special price (whole JPY above the cost) with an optional
 * validity period; "Clear" removes the price and its period.
 */
export function SpecialPriceDialog({ product, onClose }: PriceDialogProps) {
  const { t } = useTranslation(['products', 'common']);
  const queryClient = useQueryClient();
  const form = useValibotForm(editSpecialPriceSchema, {
    defaultValues: {
      id: product.id,
      version: product.version,
      specialPriceJpy: product.specialPriceJpy,
      specialFrom: product.specialFrom,
      specialTo: product.specialTo,
    },
  });
  const reload = useVersionReload(product.id, (version) => form.setValue('version', version));
  const conflictWords = useProductConflictWords();
  const mutation = useMutation(productMutations.editSpecialPrice(queryClient));
  const price = form.watch('specialPriceJpy');

  const refuse = (name: 'specialPriceJpy' | 'specialTo', message: string) => {
    form.setError(name, { type: 'validate', message });
    return false;
  };
  const check = (values: EditSpecialPriceInput) => {
    if (values.specialPriceJpy === null)
      return refuse('specialPriceJpy', encodeMessage('required', { name: 'specialPrice' }));
    if (product.costJpy !== null && values.specialPriceJpy <= product.costJpy)
      return refuse('specialPriceJpy', encodeMessage('sellingAboveCost'));
    if (values.specialTo && values.specialTo < dayjs().format(DAY))
      return refuse('specialTo', encodeMessage('dateNotPast'));
    return true;
  };

  return (
    <FormDialog
      form={form}
      title={t('specialPrice.title', { code: product.productCode })}
      onSubmit={(values) =>
        mutation.mutateAsync({
          ...values,
          specialFrom: values.specialFrom || null,
          specialTo: values.specialTo || null,
        })
      }
      onClose={onClose}
      onReload={reload}
      // An emptied number field holds undefined; the contract's "no price" is null.
      beforeValidate={() => {
        if (form.getValues('specialPriceJpy') === undefined) form.setValue('specialPriceJpy', null);
      }}
      validate={check}
      serverFields={['specialPriceJpy', 'specialFrom', 'specialTo']}
      conflictAlert={conflictWords}
      testId="special-price-dialog"
      dangerAction={{
        label: t('specialPrice.clear'),
        hidden: product.specialPriceJpy === null,
        run: () =>
          mutation.mutateAsync({
            id: product.id,
            version: form.getValues('version'),
            specialPriceJpy: null,
            specialFrom: null,
            specialTo: null,
          }),
      }}
    >
      <CostBeside product={product} price={typeof price === 'number' ? price : null} />
      <FormNumberField
        control={form.control}
        name="specialPriceJpy"
        label={t('common:fields.specialPrice')}
        decimals={0}
        maxLength={10}
        suffix="JPY"
        required
        extra={t('specialPrice.hint')}
      />
      <PeriodField control={form.control} />
    </FormDialog>
  );
}
