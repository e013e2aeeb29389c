import { Form } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EXCHANGE_RATE_MAX_DECIMALS,
  MAX_LENGTH,
  businessToday,
  createCurrencySchema,
  createExchangeRateSchema,
} from '@esim/contracts';
import {
  FormDialog,
  FormNumberField,
  FormTextField,
  OptionSelect,
  translateValidationMessage,
  useValibotForm,
} from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { rateMutations } from '../mutations';
import { useCurrencyOptions } from './currencyOptions';

export interface RateDialogProps {
  onClose: () => void;
  onSaved: () => Promise<void>;
}

/** The add dialogs refresh rates and tariffs themselves; onSaved only tells the screen. */
export interface AddDialogProps {
  onClose: () => void;
  onSaved?: () => void | Promise<void>;
}

export function AddRateDialog({ onClose, onSaved }: AddDialogProps) {
  const { t } = useTranslation(['tariffs', 'common']);
  const queryClient = useQueryClient();
  const currencies = useCurrencyOptions();
  const form = useValibotForm(createExchangeRateSchema, {
    defaultValues: { currency: '', rate: '', effectiveDate: businessToday() },
  });
  const mutation = useMutation(rateMutations.createRate(queryClient));
  const currencyError = form.formState.errors.currency?.message;
  return (
    <FormDialog
      form={form}
      title={t('rates.add')}
      onSubmit={mutation.mutateAsync}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item
        label={t('common:fields.currency')}
        htmlFor="field-currency"
        required
        validateStatus={currencyError ? 'error' : undefined}
        help={currencyError ? translateValidationMessage(t, currencyError) : undefined}
      >
        <OptionSelect
          id="field-currency"
          value={form.watch('currency') || undefined}
          onChange={(value: string) =>
            form.setValue('currency', value ?? '', { shouldDirty: true, shouldValidate: true })
          }
          options={currencies.options}
          showSearch
          filterOption={false}
          onSearch={currencies.setSearch}
          loading={currencies.loading}
          status={currencyError ? 'error' : undefined}
          aria-required
          aria-invalid={currencyError ? true : undefined}
        />
      </Form.Item>
      <FormNumberField
        control={form.control}
        name="rate"
        label={t('common:fields.exchangeRate')}
        valueAs="string"
        decimals={EXCHANGE_RATE_MAX_DECIMALS}
        required
        suffix="JPY"
        maxLength={20}
        extra={t('rates.rateHelp')}
      />
      <FormTextField
        control={form.control}
        name="effectiveDate"
        label={t('common:fields.effectiveDate')}
        required
        placeholder="yyyy-MM-dd"
        maxLength={10}
      />
    </FormDialog>
  );
}

export function AddCurrencyDialog({ onClose, onSaved }: AddDialogProps) {
  const { t } = useTranslation(['tariffs', 'common']);
  const queryClient = useQueryClient();
  const form = useValibotForm(createCurrencySchema, {
    defaultValues: { isoCode: '', name: '', minorUnits: 2 },
  });
  const mutation = useMutation(rateMutations.createCurrency(queryClient));
  return (
    <FormDialog
      form={form}
      title={t('currencies.add')}
      onSubmit={mutation.mutateAsync}
      onSaved={onSaved}
      onClose={onClose}
    >
      <FormTextField
        control={form.control}
        name="isoCode"
        label={t('common:fields.isoCode')}
        required
        maxLength={MAX_LENGTH.currency}
      />
      <FormTextField
        control={form.control}
        name="name"
        label={t('common:fields.currencyName')}
        required
        maxLength={MAX_LENGTH.default}
      />
      <FormNumberField
        control={form.control}
        name="minorUnits"
        label={t('common:fields.minorUnits')}
        decimals={0}
        maxLength={1}
      />
    </FormDialog>
  );
}
