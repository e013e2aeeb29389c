import { Alert, Card, Empty, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewTemplate } from '../api';

/** How long typing pauses before the preview asks the server again. */
export const PREVIEW_DELAY_MS = 400;

/** A value that follows `value` once it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The template as it will print: sanitised by the server (POST branch/template/preview, the
 * sanitiser that guards what is stored) and filled with sample provider values.
 */
export function TemplatePreview({ html }: { html: string }) {
  const { t } = useTranslation('branches');
  const settled = useDebounced(html, PREVIEW_DELAY_MS);
  const preview = useQuery({
    queryKey: ['branches', 'template-preview', settled],
    queryFn: ({ signal }) => previewTemplate(settled, signal),
    enabled: settled.trim() !== '',
    staleTime: Infinity,
  });
  return (
    <Card size="small" title={t('template.previewTitle')} data-testid="template-preview">
      {settled.trim() === '' ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('template.previewEmpty')} />
      ) : preview.isError ? (
        <Alert type="warning" showIcon title={t('template.previewFailed')} />
      ) : preview.data ? (
        <div
          data-testid="template-preview-body"
          // Sanitised by the server; the sample values are escaped there.
          dangerouslySetInnerHTML={{ __html: preview.data.previewHtml }}
        />
      ) : (
        <Spin size="small" />
      )}
      <div style={{ marginTop: 8, color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
        {t('template.previewHint')}
      </div>
    </Card>
  );
}
