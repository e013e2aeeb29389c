import { Form, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  EXCHANGE_RATE_MAX_DECIMALS,
  MAX_LENGTH,
  businessToday,
  createCurrencySchema,
  createExchangeRateSchema,
} from '@esim/contracts';
import {
  FormLayout,
  FormNumberField,
  FormTextField,
  OptionSelect,
  translateValidationMessage,
  useValibotForm,
  useHasInputProblem,
  handleSaveError,
} from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { createCurrency, createRate } from '../api';
import { useCurrencyOptions } from './currencyOptions';

export interface RateDialogProps {
  onClose: () => void;
  onSaved: () => Promise<void>;
}

const RATE_FORM = 'exchange-rate-form';

export function AddRateDialog({ onClose, onSaved }: RateDialogProps) {
  const { t } = useTranslation(['tariffs', 'common']);
  const currencies = useCurrencyOptions();
  const form = useValibotForm(createExchangeRateSchema, {
    defaultValues: { currency: '', rate: '', effectiveDate: businessToday() },
  });
  const mutation = useMutation({ mutationFn: createRate });
  const currencyError = form.formState.errors.currency?.message;
  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      await onSaved();
      onClose();
    } catch (error) {
      handleSaveError(error, form.setError);
    }
  });
  const inputRefused = useHasInputProblem(form.control);
  return (
    <Modal
      open
      title={t('rates.add')}
      onCancel={onClose}
      okText={t('form.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{
        htmlType: 'submit',
        form: RATE_FORM,
        disabled: inputRefused,
        loading: mutation.isPending,
        autoInsertSpace: false,
      }}
      cancelButtonProps={{ autoInsertSpace: false }}
      destroyOnHidden
    >
      <FormLayout id={RATE_FORM} onSubmit={submit}>
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
      </FormLayout>
    </Modal>
  );
}

const CURRENCY_FORM = 'currency-form';

export function AddCurrencyDialog({ onClose, onSaved }: RateDialogProps) {
  const { t } = useTranslation(['tariffs', 'common']);
  const form = useValibotForm(createCurrencySchema, {
    defaultValues: { isoCode: '', name: '', minorUnits: 2 },
  });
  const mutation = useMutation({ mutationFn: createCurrency });
  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      await onSaved();
      onClose();
    } catch (error) {
      handleSaveError(error, form.setError);
    }
  });
  const inputRefused = useHasInputProblem(form.control);
  return (
    <Modal
      open
      title={t('currencies.add')}
      onCancel={onClose}
      okText={t('form.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{
        htmlType: 'submit',
        form: CURRENCY_FORM,
        disabled: inputRefused,
        loading: mutation.isPending,
        autoInsertSpace: false,
      }}
      cancelButtonProps={{ autoInsertSpace: false }}
      destroyOnHidden
    >
      <FormLayout id={CURRENCY_FORM} onSubmit={submit}>
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
      </FormLayout>
    </Modal>
  );
}
