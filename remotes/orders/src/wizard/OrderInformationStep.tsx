import { Alert, Flex } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MAX_LENGTH } from '@esim/contracts';
import { countriesQuery } from '@esim/platform';
import { FormLayout, FormSelectField, FormTextField } from '@esim/ui';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OrderInformation } from './orderDraft';

/**
 * Step 2: who the eSIMs are for, where they will be used, notes. The review run on Next checks
 * the use countries against each bundle's coverage ('unmatched country' lands on that field).
 */
export function OrderInformationStep({
  control,
  reviewError,
}: {
  control: Control<OrderInformation>;
  /** Why the last review was refused, when no field took it. */
  reviewError: string | null;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const countries = useQuery(countriesQuery());
  const options = (countries.data ?? []).map((country) => ({
    value: country.code,
    label: `${country.nameEnglish} (${country.code})`,
  }));
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 640 }} data-testid="order-information">
      {reviewError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('information.reviewFailed')}
          description={reviewError}
          data-testid="review-error"
        />
      )}
      {/* Next (below the step) goes on; Enter in a field does not leave the page. */}
      <FormLayout onSubmit={(event) => event.preventDefault()}>
        <FormTextField
          control={control}
          name="customerName"
          label={t('common:fields.customerName')}
          required
          maxLength={MAX_LENGTH.default}
          autoComplete="off"
        />
        <FormSelectField
          control={control}
          name="useCountries"
          label={t('common:fields.useCountries')}
          mode="multiple"
          showSearch
          allowClear
          loading={countries.isLoading}
          options={options}
          placeholder={t('information.useCountriesPlaceholder')}
          extra={t('information.useCountriesHelp')}
        />
        <FormTextField
          control={control}
          name="notes"
          label={t('common:fields.notes')}
          rows={3}
          maxLength={MAX_LENGTH.description}
        />
      </FormLayout>
    </Flex>
  );
}
