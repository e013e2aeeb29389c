import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { CSV_IMPORT_MAX_MB, encodeMessage } from '@esim/contracts';
import { translateValidationMessage } from '@esim/ui';
import { formatExtensionList, hasAllowedExtension, isWithinSizeLimit } from '@esim/utils';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ALLOWED = ['csv'];

export interface CsvFilePickerProps {
  /** Called with the file's text once it passed the checks. */
  onFile: (file: { name: string; text: string }) => void;
  disabled?: boolean;
  testId?: string;
}

/**
 * A .csv file picker that checks the spec's rules before anything is sent: extension
 * ('Only {extensions} formats are supported.'), size ('Files cannot be larger than {limit}MB.')
 * and content ('File is empty.').
 */
export function CsvFilePicker({ onFile, disabled, testId = 'csv-file' }: CsvFilePickerProps) {
  const { t } = useTranslation(['tariffs', 'validation', 'common']);
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string>();
  const [error, setError] = useState<string>();

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setError(undefined);
    let problem: string | undefined;
    if (!hasAllowedExtension(file.name, ALLOWED)) {
      problem = encodeMessage('fileExtension', { extensions: formatExtensionList(ALLOWED) });
    } else if (!isWithinSizeLimit(file.size, CSV_IMPORT_MAX_MB)) {
      problem = encodeMessage('fileTooLarge', { limit: CSV_IMPORT_MAX_MB });
    }
    const text = problem ? '' : await file.text();
    if (!problem && text.replace(/^\uFEFF/, '').trim() === '') problem = encodeMessage('fileEmpty');
    if (problem) {
      setError(translateValidationMessage(t, problem));
      return;
    }
    onFile({ name: file.name, text });
  };

  return (
    <Flex vertical gap="small">
      <Flex gap="small" align="center" wrap>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid={testId}
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            // Choosing the same file again must still trigger a change.
            event.target.value = '';
          }}
        />
        <Button
          icon={<UploadOutlined />}
          onClick={() => input.current?.click()}
          disabled={disabled}
          autoInsertSpace={false}
        >
          {t('import.chooseFile')}
        </Button>
        <Typography.Text type="secondary">{fileName ?? t('import.noFile')}</Typography.Text>
      </Flex>
      {error && (
        <Typography.Text type="danger" role="alert" data-testid="csv-file-error">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
