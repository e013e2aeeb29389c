import { Col, Row, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormState, type Control } from 'react-hook-form';
import {
  NOTIFICATION_BODY_MAX_LENGTH,
  NOTIFICATION_LANGUAGES,
  NOTIFICATION_SEVERITIES,
  NOTIFICATION_TITLE_MAX_LENGTH,
  type NoticeRecord,
  type NotificationLanguage,
  type PublishNoticeInput,
} from '@esim/contracts';
import { FormDateTimeRangeField, FormSelectField, FormTextField, useNoticeText } from '@esim/ui';
import { useNoticeTagOptions } from './useNoticeTagOptions';

export type NoticeFormValues = PublishNoticeInput;

/** Names of the form's fields (the API's field errors on them are shown on the field). */
export const NOTICE_FORM_FIELDS = [
  'tag',
  'severity',
  'validFrom',
  'validTo',
  ...NOTIFICATION_LANGUAGES.flatMap((language) => [`title.${language}`, `body.${language}`]),
] as const;

/** A notice's fields: tag, severity, validity, then title and message per language in tabs. */
export function NoticeFormFields({ control }: { control: Control<NoticeFormValues> }) {
  const { t } = useTranslation('settings');
  const text = useNoticeText();
  const { options: tagOptions } = useNoticeTagOptions();
  const { errors } = useFormState({ control });
  const hasError = (language: NotificationLanguage) =>
    Boolean(errors.title?.[language] || errors.body?.[language]);

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="tag"
            label={t('notices.fields.tag')}
            options={tagOptions}
            required
          />
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="severity"
            label={t('notices.fields.severity')}
            options={NOTIFICATION_SEVERITIES.map((value) => ({
              value,
              label: text.severity(value),
            }))}
            required
          />
        </Col>
      </Row>
      <FormDateTimeRangeField
        control={control}
        fromName="validFrom"
        toName="validTo"
        fromLabel={t('notices.fields.validFrom')}
        toLabel={t('notices.fields.validTo')}
        required
        openEnd
        toExtra={t('notices.form.openEndHint')}
      />
      <Typography.Paragraph type="secondary">
        {t('notices.form.languagesHint')}
      </Typography.Paragraph>
      <Tabs
        data-testid="notice-language-tabs"
        items={NOTIFICATION_LANGUAGES.map((language) => ({
          key: language,
          forceRender: true,
          label: (
            <span
              data-testid={`notice-language-${language}`}
              style={hasError(language) ? { color: '#ff4d4f' } : undefined}
            >
              {t(`notices.languages.${language}`)}
              {language === 'en' ? ' *' : ''}
            </span>
          ),
          children: (
            <div lang={language}>
              <FormTextField
                control={control}
                name={`title.${language}`}
                label={t('notices.fields.title')}
                maxLength={NOTIFICATION_TITLE_MAX_LENGTH}
                required={language === 'en'}
              />
              <FormTextField
                control={control}
                name={`body.${language}`}
                label={t('notices.fields.body')}
                maxLength={NOTIFICATION_BODY_MAX_LENGTH}
                rows={6}
                required={language === 'en'}
                extra={t('notices.form.plainText')}
              />
            </div>
          ),
        }))}
      />
    </>
  );
}

/** Form values of a new notice (valid from now, open-ended), or of a stored one. */
export function toFormValues(notice?: NoticeRecord): NoticeFormValues {
  if (!notice)
    return {
      tag: 'maintenance',
      severity: 'info',
      title: { en: '', ja: '', de: '', th: '' },
      body: { en: '', ja: '', de: '', th: '' },
      validFrom: new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString(),
      validTo: null,
    };
  return {
    tag: notice.tag,
    severity: notice.severity,
    title: {
      en: notice.title.en,
      ja: notice.title.ja ?? '',
      de: notice.title.de ?? '',
      th: notice.title.th ?? '',
    },
    body: {
      en: notice.body.en,
      ja: notice.body.ja ?? '',
      de: notice.body.de ?? '',
      th: notice.body.th ?? '',
    },
    validFrom: notice.validFrom,
    validTo: notice.validTo,
  };
}
