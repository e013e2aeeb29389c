import { FileTextOutlined, InboxOutlined } from '../icons';
import { Alert, Flex, Typography, Upload } from 'antd';
import { formatExtensionList } from '@esim/utils';
import { useTranslation } from 'react-i18next';
import { acceptAttribute, type CsvImportLimits } from './csvImportLimits';

export interface CsvFilePickerProps {
  limits: CsvImportLimits;
  /** Every chosen file; useCsvImport checks it against the limits before sending it. */
  onFile: (file: File) => void;
  /** Why the file was refused (translated). */
  error?: string | undefined;
  /** The dry run of `fileName` is on its way. */
  checking?: boolean;
  disabled?: boolean;
  fileName?: string | undefined;
  /** On the file input; the error gets `<testId>-error`. */
  testId?: string;
}

/** A drop area / file dialog for one CSV file, saying which files it takes and why one was not. */
export function CsvFilePicker({
  limits,
  onFile,
  error,
  checking = false,
  disabled = false,
  fileName,
  testId = 'csv-file',
}: CsvFilePickerProps) {
  const { t } = useTranslation('ui');
  return (
    <Flex vertical gap="small">
      <Upload.Dragger
        data-testid={testId}
        accept={acceptAttribute(limits)}
        multiple={false}
        showUploadList={false}
        disabled={disabled || checking}
        beforeUpload={(file) => {
          onFile(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('csvImport.dropText')}</p>
        <p className="ant-upload-hint">
          {t('csvImport.dropHint', {
            extensions: formatExtensionList(limits.extensions),
            limit: limits.maxMb,
          })}
        </p>
      </Upload.Dragger>
      {checking ? (
        <Alert type="info" showIcon title={t('csvImport.checking', { file: fileName ?? '' })} />
      ) : (
        fileName && (
          <Typography.Text type="secondary" data-testid={`${testId}-name`}>
            <FileTextOutlined /> {fileName}
          </Typography.Text>
        )
      )}
      {error && (
        <Alert type="error" showIcon role="alert" data-testid={`${testId}-error`} title={error} />
      )}
    </Flex>
  );
}
