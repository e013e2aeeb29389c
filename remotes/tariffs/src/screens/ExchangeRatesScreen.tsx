import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BASE_CURRENCY,
  EXCHANGE_RATE_CSV_COLUMNS,
  EXCHANGE_RATE_SORT_COLUMNS,
  EXCHANGE_RATE_MAX_DECIMALS,
  MAX_LENGTH,
  RESOURCES,
  businessToday,
  createCurrencySchema,
  createExchangeRateSchema,
  type CsvImportResult,
  type CurrencyListItem,
  type CurrencySortColumn,
  type CurrentExchangeRate,
  type ExchangeRate,
  type ExchangeRateImportRow,
  type ExchangeRateSortColumn,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  DataTable,
  FormLayout,
  FormNumberField,
  FormTextField,
  OptionSelect,
  confirm,
  translateValidationMessage,
  useUrlListState,
  useValibotForm,
  type DataTableColumn,
  type DataTableState,
  useHasInputProblem,
  handleSaveError,
} from '@esim/ui';
import { displayValue, formatDate, formatDateTime, formatNumber } from '@esim/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createCurrency,
  createRate,
  currencyListQuery,
  currentRatesQuery,
  importRates,
  rateKeys,
  rateListQuery,
  tariffKeys,
  updateCurrency,
} from '../api';
import { CsvFilePicker } from '../components/CsvFilePicker';
import { RowErrors } from '../components/RowErrors';

const FILTERS = ['currency'] as const;
const DEFAULTS = {
  sort: { column: 'effectiveDate', order: 'desc' as const },
  sortColumns: EXCHANGE_RATE_SORT_COLUMNS,
};
const rateText = (rate: string | null) =>
  displayValue(formatNumber(rate, { maxDecimals: 6 }) || null);

/** Active currencies other than JPY, searched on the server as the user types. */
function useCurrencyOptions() {
  const [search, setSearch] = useState('');
  const query = useQuery(
    currencyListQuery({
      page: 1,
      pageSize: 50,
      sort: 'isoCode',
      order: 'asc',
      deleteFlag: false,
      search: search.trim() || undefined,
    }),
  );
  const options = (query.data?.items ?? [])
    .filter((item) => item.isoCode !== BASE_CURRENCY)
    .map((item) => ({ value: item.isoCode, label: `${item.isoCode} - ${item.name}` }));
  return { options, setSearch, loading: query.isFetching };
}

/** /tariff/exchange-rates: current rates, history, add / import rates, the currency list. */
export function ExchangeRatesScreen() {
  const { t, i18n } = useTranslation(['tariffs', 'common']);
  const canCreate = usePermission(RESOURCES.exchangeRates, 'POST');
  const canEdit = usePermission(RESOURCES.exchangeRates, 'PUT');
  const queryClient = useQueryClient();
  const { table, filters, setTable, setFilter } = useUrlListState(FILTERS, DEFAULTS);
  const [dialog, setDialog] = useState<'rate' | 'import' | 'currency' | null>(null);
  const current = useQuery(currentRatesQuery());
  const currencyFilter = useCurrencyOptions();
  const history = useQuery(
    rateListQuery({
      page: table.page,
      pageSize: table.pageSize,
      sort: table.sort?.column as ExchangeRateSortColumn | undefined,
      order: table.sort?.order,
      from: table.from,
      to: table.to,
      currency: filters.currency,
    }),
  );

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: rateKeys.all });
    await queryClient.invalidateQueries({ queryKey: tariffKeys.all });
  };

  const historyColumns: DataTableColumn<ExchangeRate>[] = [
    {
      key: 'currency',
      title: t('common:fields.currency'),
      sortable: true,
      fixed: 'left',
      render: (_, r) => `${r.currency} - ${r.currencyName}`,
    },
    {
      key: 'rate',
      title: t('rates.rateColumn'),
      sortable: true,
      align: 'right',
      render: (_, r) => rateText(r.rate),
    },
    {
      key: 'effectiveDate',
      title: t('common:fields.effectiveDate'),
      sortable: true,
      render: (_, r) => formatDate(r.effectiveDate, undefined, i18n.language),
    },
    {
      key: 'createdDate',
      title: t('common:fields.createdDate'),
      sortable: true,
      render: (_, r) => formatDateTime(r.createdDate, i18n.language),
    },
    { key: 'createdBy', title: t('common:fields.createdBy'), dataIndex: 'createdBy' },
  ];

  return (
    <Flex vertical gap="large" data-testid="area-screen" data-screen="exchange-rates">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('rates.title')}
        </Typography.Title>
        {canCreate && (
          <Space wrap>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog('rate')}
              autoInsertSpace={false}
            >
              {t('rates.add')}
            </Button>
            <Button onClick={() => setDialog('import')} autoInsertSpace={false}>
              {t('rates.import')}
            </Button>
            <Button onClick={() => setDialog('currency')} autoInsertSpace={false}>
              {t('currencies.add')}
            </Button>
          </Space>
        )}
      </Flex>
      <Card title={t('rates.current')} size="small">
        <Table<CurrentExchangeRate>
          size="small"
          rowKey="currency"
          loading={current.isFetching}
          dataSource={current.data ?? []}
          pagination={false}
          columns={[
            { key: 'currency', title: t('common:fields.isoCode'), dataIndex: 'currency' },
            { key: 'name', title: t('common:fields.currencyName'), dataIndex: 'currencyName' },
            {
              key: 'rate',
              title: t('rates.toJpy'),
              align: 'right',
              render: (_, r) => (
                <span data-testid={`current-rate-${r.currency}`}>{rateText(r.rate)}</span>
              ),
            },
            {
              key: 'date',
              title: t('common:fields.effectiveDate'),
              render: (_, r) => formatDate(r.effectiveDate, undefined, i18n.language),
            },
          ]}
        />
      </Card>
      <Card title={t('rates.history')} size="small">
        <DataTable
          columns={historyColumns}
          rows={history.data?.items ?? []}
          total={history.data?.total ?? 0}
          state={table}
          onChange={setTable}
          rowKey="id"
          loading={history.isFetching}
          error={history.error}
          onRetry={() => void history.refetch()}
          defaultSortColumn="effectiveDate"
          dateFilter
          toolbar={
            <OptionSelect
              aria-label={t('common:fields.currency')}
              style={{ minWidth: 220 }}
              options={currencyFilter.options}
              showSearch
              filterOption={false}
              onSearch={currencyFilter.setSearch}
              loading={currencyFilter.loading}
              includeAll
              allValue=""
              value={filters.currency ?? ''}
              onChange={(value: string) => setFilter('currency', value || undefined)}
            />
          }
        />
      </Card>
      <CurrencyTable canEdit={canEdit} onChanged={refresh} />
      {dialog === 'rate' && <AddRateDialog onClose={() => setDialog(null)} onSaved={refresh} />}
      {dialog === 'import' && (
        <ImportRatesDialog onClose={() => setDialog(null)} onSaved={refresh} />
      )}
      {dialog === 'currency' && (
        <AddCurrencyDialog onClose={() => setDialog(null)} onSaved={refresh} />
      )}
    </Flex>
  );
}

/** The currency list (roundCurrency): add, retire and restore (deleteFlag). */
function CurrencyTable({
  canEdit,
  onChanged,
}: {
  canEdit: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation(['tariffs', 'common']);
  const [state, setState] = useState<DataTableState>({
    page: 1,
    pageSize: 10,
    sort: { column: 'isoCode', order: 'asc' },
  });
  const [search, setSearch] = useState<string>();
  const query = useQuery(
    currencyListQuery({
      page: state.page,
      pageSize: state.pageSize,
      sort: state.sort?.column as CurrencySortColumn | undefined,
      order: state.sort?.order,
      search,
    }),
  );
  const toggle = async (item: CurrencyListItem) => {
    const retire = !item.deleteFlag;
    const ok = await confirm({
      title: t(retire ? 'currencies.retireTitle' : 'currencies.restoreTitle', {
        code: item.isoCode,
      }),
      description: t(retire ? 'currencies.retireDescription' : 'currencies.restoreDescription'),
      danger: retire,
    });
    if (!ok) return;
    await updateCurrency({ isoCode: item.isoCode, deleteFlag: retire }).catch(() => undefined);
    await onChanged();
  };
  const columns: DataTableColumn<CurrencyListItem>[] = [
    {
      key: 'isoCode',
      title: t('common:fields.isoCode'),
      sortable: true,
      dataIndex: 'isoCode',
      fixed: 'left',
    },
    { key: 'name', title: t('common:fields.currencyName'), sortable: true, dataIndex: 'name' },
    {
      key: 'minorUnits',
      title: t('common:fields.minorUnits'),
      sortable: true,
      dataIndex: 'minorUnits',
    },
    {
      key: 'currentRate',
      title: t('rates.toJpy'),
      align: 'right',
      render: (_, r) => (r.isDefault ? t('rates.base') : rateText(r.currentRate)),
    },
    {
      key: 'status',
      title: t('common:fields.status'),
      render: (_, r) => (
        <Tag color={r.deleteFlag ? 'default' : 'green'}>
          {t(r.deleteFlag ? 'currencies.retired' : 'currencies.active')}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('currencies.actions'),
      fixed: 'right',
      render: (_, r) =>
        canEdit && !r.isDefault ? (
          <Button
            size="small"
            danger={!r.deleteFlag}
            onClick={() => void toggle(r)}
            autoInsertSpace={false}
          >
            {t(r.deleteFlag ? 'currencies.restore' : 'currencies.retire')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Card title={t('currencies.title')} size="small">
      <DataTable
        columns={columns}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        state={state}
        onChange={setState}
        rowKey="isoCode"
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        defaultSortColumn="isoCode"
        toolbar={
          <Input.Search
            aria-label={t('currencies.search')}
            placeholder={t('currencies.search')}
            allowClear
            onSearch={(value) => {
              setSearch(value.trim() || undefined);
              setState({ ...state, page: 1 });
            }}
            style={{ maxWidth: 280 }}
          />
        }
      />
    </Card>
  );
}

interface DialogProps {
  onClose: () => void;
  onSaved: () => Promise<void>;
}

const RATE_FORM = 'exchange-rate-form';

function AddRateDialog({ onClose, onSaved }: DialogProps) {
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

function AddCurrencyDialog({ onClose, onSaved }: DialogProps) {
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

function ImportRatesDialog({ onClose, onSaved }: DialogProps) {
  const { t } = useTranslation(['tariffs', 'common']);
  const [csv, setCsv] = useState<string>();
  const [preview, setPreview] = useState<CsvImportResult<ExchangeRateImportRow>>();
  const check = useMutation({ mutationFn: (text: string) => importRates(text, true) });
  const apply = useMutation({ mutationFn: (text: string) => importRates(text, false) });
  const hasErrors = (preview?.errors.length ?? 0) > 0;
  return (
    <Modal
      open
      width={760}
      title={t('rates.import')}
      onCancel={onClose}
      okText={t('import.apply')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{
        disabled: !preview || hasErrors || preview.rows.length === 0,
        loading: apply.isPending,
        autoInsertSpace: false,
      }}
      cancelButtonProps={{ autoInsertSpace: false }}
      onOk={async () => {
        if (!csv) return;
        const result = await apply.mutateAsync(csv).catch(() => undefined);
        if (!result) return;
        await onSaved();
        onClose();
      }}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph>
          {t('rates.importHelp', { columns: EXCHANGE_RATE_CSV_COLUMNS.join(',') })}
        </Typography.Paragraph>
        <CsvFilePicker
          testId="rates-csv-file"
          onFile={async ({ text }) => {
            setCsv(text);
            setPreview(await check.mutateAsync(text).catch(() => undefined));
          }}
        />
        {check.isError && <Alert type="error" showIcon title={check.error.message} />}
        {preview && (
          <>
            <RowErrors errors={preview.errors} />
            <Table<ExchangeRateImportRow & { row: number }>
              size="small"
              rowKey="row"
              dataSource={preview.rows}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              columns={[
                { key: 'row', title: t('import.rowNo'), dataIndex: 'row' },
                { key: 'currency', title: t('common:fields.currency'), dataIndex: 'currency' },
                {
                  key: 'rate',
                  title: t('common:fields.exchangeRate'),
                  align: 'right',
                  render: (_, r) => rateText(r.rate),
                },
                {
                  key: 'effectiveDate',
                  title: t('common:fields.effectiveDate'),
                  dataIndex: 'effectiveDate',
                },
              ]}
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}

export default ExchangeRatesScreen;
