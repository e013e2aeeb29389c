import { AutoComplete, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NETWORKS, PRODUCT_STATUSES, PRODUCT_TYPES, RESOURCES } from '@esim/contracts';
import { OptionSelect, type OptionItem } from '@esim/ui';
import { ALL_VALUE } from '@esim/utils';
import { countriesQuery, usePermission } from '@esim/platform';
import { labelListQuery, supplierOptionsQuery } from '../api';

/** Props of a URL-synced filter: the current value (undefined = all) and its setter. */
export interface FilterProps {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

const toFilter = (value: unknown) =>
  value === ALL_VALUE || value === null || value === undefined || value === ''
    ? undefined
    : String(value);

/** A text filter that follows the URL while the user types, applied on Enter or clear. */
export function SearchFilter({
  value,
  onChange,
  label,
  placeholder,
}: FilterProps & { label: string; placeholder: string }) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      allowClear
      value={text}
      maxLength={100}
      onChange={(event) => setText(event.target.value)}
      onSearch={(next) => onChange(next.trim() || undefined)}
      style={{ width: 260 }}
    />
  );
}

/** Category: free text with the categories seen so far as suggestions (exact match). */
export function CategoryFilter({
  value,
  onChange,
  suggestions,
}: FilterProps & { suggestions: readonly (string | null)[] }) {
  const { t } = useTranslation(['products', 'common']);
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  const options = [...new Set(suggestions.filter((item): item is string => Boolean(item)))]
    .sort((a, b) => a.localeCompare(b))
    .map((item) => ({ value: item, label: item }));
  const commit = (next: string) => onChange(next.trim() || undefined);
  return (
    <AutoComplete
      aria-label={t('common:fields.category')}
      placeholder={t('filters.allCategories')}
      allowClear
      value={text}
      options={options}
      onChange={(next: string | undefined) => {
        setText(next ?? '');
        if (!next) commit('');
      }}
      onSelect={(next: string | undefined) => commit(next ?? '')}
      onBlur={() => {
        if (text.trim() !== (value ?? '')) commit(text);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text);
      }}
      filterOption={(input, option) =>
        String(option?.value ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      style={{ width: 180 }}
    />
  );
}

/** Supplier filter: every supplier by name; not shown to a user who may not list suppliers. */
export function SupplierFilter({ value, onChange }: FilterProps) {
  const { t } = useTranslation(['products', 'common']);
  const canListSuppliers = usePermission(RESOURCES.suppliers, 'GET');
  const suppliers = useQuery({ ...supplierOptionsQuery(), enabled: canListSuppliers });
  if (!canListSuppliers) return null;
  const options: OptionItem<string>[] = (suppliers.data?.items ?? []).map((supplier) => ({
    value: supplier.id,
    label: supplier.name,
  }));
  return (
    <OptionSelect
      aria-label={t('common:fields.supplierId')}
      data-testid="filter-supplier"
      includeAll
      allLabel={t('filters.allSuppliers')}
      options={options}
      value={value ?? ALL_VALUE}
      onChange={(next) => onChange(toFilter(next))}
      loading={suppliers.isPending}
      showSearch
      style={{ minWidth: 180 }}
    />
  );
}

export function CountryFilter({ value, onChange }: FilterProps) {
  const { t } = useTranslation(['products', 'common']);
  const countries = useQuery(countriesQuery());
  const options: OptionItem<string>[] = (countries.data ?? []).map((country) => ({
    value: country.code,
    label: `${country.code} — ${country.nameEnglish}`,
  }));
  return (
    <OptionSelect
      aria-label={t('common:fields.coverage')}
      data-testid="filter-country"
      includeAll
      allLabel={t('filters.allCountries')}
      options={options}
      value={value ?? ALL_VALUE}
      onChange={(next) => onChange(toFilter(next))}
      loading={countries.isPending}
      showSearch
      popupMatchSelectWidth={false}
      style={{ minWidth: 180 }}
    />
  );
}

export function LabelFilter({ value, onChange }: FilterProps) {
  const { t } = useTranslation(['products', 'common']);
  const labels = useQuery(labelListQuery());
  const options: OptionItem<string>[] = (labels.data?.items ?? []).map((item) => ({
    value: item.label,
    label: `${item.label} (${item.count})`,
  }));
  if (value && !options.some((option) => option.value.toLowerCase() === value.toLowerCase()))
    options.unshift({ value, label: value });
  return (
    <OptionSelect
      aria-label={t('common:fields.label')}
      data-testid="filter-label"
      includeAll
      allLabel={t('filters.allLabels')}
      options={options}
      value={value ?? ALL_VALUE}
      onChange={(next) => onChange(toFilter(next))}
      loading={labels.isPending}
      showSearch
      popupMatchSelectWidth={false}
      style={{ minWidth: 160 }}
    />
  );
}

/** Type, network or status: a fixed list translated under products:<kind>.<value>. */
export function EnumFilter({
  kind,
  value,
  onChange,
}: FilterProps & { kind: 'type' | 'network' | 'status' }) {
  const { t } = useTranslation(['products', 'common']);
  const values: readonly string[] =
    kind === 'type' ? PRODUCT_TYPES : kind === 'network' ? PRODUCT_NETWORKS : PRODUCT_STATUSES;
  return (
    <OptionSelect
      aria-label={t(`common:fields.${kind}`)}
      data-testid={`filter-${kind}`}
      includeAll
      allLabel={t(`filters.all.${kind}`)}
      options={values.map((item) => ({ value: item, label: t(`${kind}.${item}`) }))}
      value={value ?? ALL_VALUE}
      onChange={(next) => onChange(toFilter(next))}
      style={{ minWidth: 140 }}
    />
  );
}
