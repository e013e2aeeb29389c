import { PlusOutlined } from '@esim/ui/icons';
import { AutoComplete, Button, Flex, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import {
  MAX_LABELS_PER_PRODUCT,
  labelField,
  normalizeLabels,
  type ProductDetail,
} from '@esim/contracts';
import { translateValidationMessage, isVersionConflict } from '@esim/ui';
import { labelListQuery, productQuery } from '../api';
import { productMutations } from '../mutations';
import { ProductConflictAlert } from './forms';

/**
 * A product's labels (PUT product/label replaces them): remove with a tag's ×, add by typing or
 * picking one of the labels in use. Every change is saved at once with the loaded version.
 */
export function LabelsEditor({ product, canEdit }: { product: ProductDetail; canEdit: boolean }) {
  const { t } = useTranslation(['products', 'common', 'validation']);
  const queryClient = useQueryClient();
  const suggestions = useQuery({ ...labelListQuery(), enabled: canEdit });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const mutation = useMutation(productMutations.saveLabels(queryClient));
  // Enter on a highlighted suggestion selects it; Enter on typed text adds the text (not both).
  const selected = useRef(false);

  const save = async (labels: string[]) => {
    setError(null);
    try {
      await mutation.mutateAsync({ id: product.id, version: product.version, labels });
      setText('');
    } catch (failure) {
      if (isVersionConflict(failure)) setConflict(true);
    }
  };

  const add = (raw: string) => {
    const parsed = v.safeParse(labelField, raw);
    if (!parsed.success) {
      setError(translateValidationMessage(t, parsed.issues[0].message));
      return;
    }
    const next = normalizeLabels([...product.labels, parsed.output]);
    if (next.length === product.labels.length) {
      setText('');
      return;
    }
    if (next.length > MAX_LABELS_PER_PRODUCT) {
      setError(t('labels.tooMany', { count: MAX_LABELS_PER_PRODUCT }));
      return;
    }
    void save(next);
  };

  const reload = async () => {
    await queryClient.fetchQuery({ ...productQuery(product.id), staleTime: 0 });
    setConflict(false);
  };

  const taken = new Set(product.labels.map((label) => label.toLowerCase()));
  const options = (suggestions.data?.items ?? [])
    .filter((item) => !taken.has(item.label.toLowerCase()))
    .map((item) => ({ value: item.label, label: `${item.label} (${item.count})` }));

  return (
    <Flex vertical gap="small" data-testid="labels-editor">
      {conflict && <ProductConflictAlert onReload={() => void reload()} />}
      <Flex gap={6} wrap align="center" data-testid="product-labels">
        {product.labels.length === 0 && (
          <Typography.Text type="secondary">{t('labels.none')}</Typography.Text>
        )}
        {product.labels.map((label) => (
          <Tag
            key={label}
            color="blue"
            data-testid="product-label"
            closable={canEdit && !mutation.isPending}
            closeIcon={canEdit ? undefined : false}
            onClose={(event) => {
              event.preventDefault();
              void save(product.labels.filter((item) => item !== label));
            }}
          >
            {label}
          </Tag>
        ))}
      </Flex>
      {canEdit && (
        <Flex gap="small" align="start" wrap>
          <Flex vertical>
            <AutoComplete
              aria-label={t('labels.add')}
              placeholder={t('labels.placeholder')}
              value={text}
              options={options}
              onChange={(next: string | undefined) => {
                setText(next ?? '');
                setError(null);
              }}
              onSelect={(next: string | undefined) => {
                selected.current = true;
                add(next ?? '');
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                const typed = text;
                selected.current = false;
                setTimeout(() => {
                  if (!selected.current && typed.trim() !== '') add(typed);
                  selected.current = false;
                }, 0);
              }}
              filterOption={(input, option) =>
                String(option?.value ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
              status={error ? 'error' : undefined}
              disabled={conflict}
              style={{ width: 240 }}
            />
            {error && (
              <Typography.Text type="danger" role="alert">
                {error}
              </Typography.Text>
            )}
          </Flex>
          <Button
            icon={<PlusOutlined />}
            onClick={() => add(text)}
            loading={mutation.isPending}
            disabled={conflict || text.trim() === ''}
            autoInsertSpace={false}
          >
            {t('labels.add')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
