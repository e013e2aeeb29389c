import { Col, Form, Row, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, type Control } from 'react-hook-form';
import { translateValidationMessage } from '@esim/ui';
import type { BranchFormValues } from './BranchFormFields';
import { TemplatePreview } from './TemplatePreview';

/** TipTap loads only when a branch form shows its template (its own chunk). */
const TemplateEditor = lazy(() => import('./TemplateEditor'));

/** The template field: the rich-text editor beside its preview with sample values. */
export function TemplateField({ control }: { control: Control<BranchFormValues> }) {
  const { t } = useTranslation('branches');
  const { t: tv } = useTranslation(['validation', 'common']);
  const {
    field: { value, onChange, onBlur },
    fieldState,
  } = useController({ control, name: 'templateHtml' });
  const html = typeof value === 'string' ? value : '';
  const help = fieldState.error?.message
    ? translateValidationMessage(tv, fieldState.error.message)
    : undefined;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={14}>
        <Form.Item
          label={t('fields.templateHtml')}
          htmlFor="field-templateHtml"
          validateStatus={help ? 'error' : undefined}
          help={help}
          extra={t('template.hint')}
        >
          <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
            <TemplateEditor
              id="field-templateHtml"
              value={html}
              onChange={onChange}
              onBlur={onBlur}
              label={t('fields.templateHtml')}
              invalid={Boolean(help)}
            />
          </Suspense>
        </Form.Item>
      </Col>
      <Col xs={24} lg={10}>
        <TemplatePreview html={html} />
      </Col>
    </Row>
  );
}
