import {
  fileExtensionsOf,
  FILE_PURPOSES,
  type FileExistence,
  type FilePurpose,
} from '@esim/contracts';
import { isApiError, translateApiMessage } from '@esim/platform';
import { Alert, Button, Flex, Progress, Typography, Upload } from 'antd';
import type { i18n as I18n, TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteOutlined, FileTextOutlined, UploadOutlined } from '../icons';
import { translateValidationMessage } from '../i18n/translateValidationMessage';
import { FileUploadError, uploadFile, type UploadFileOptions } from './uploadFile';

/** An upload failure in the user's language. */
export function fileUploadErrorText(error: unknown, t: TFunction, i18n: I18n): string {
  if (isApiError(error)) return error.message;
  if (error instanceof FileUploadError) {
    if (error.details.validation) return translateValidationMessage(t, error.details.validation);
    if (error.details.api) return translateApiMessage(error.details.api, i18n);
  }
  return t('ui:fileUpload.failed');
}

export interface FileUploadFieldProps {
  purpose: FilePurpose;
  /** The stored file's key (what the record keeps); null/undefined = none. */
  value?: string | null | undefined;
  /** The current file's name, to show beside a value the form loaded. */
  fileName?: string | undefined;
  /** A new file is stored (its key), or the file was removed (null). */
  onChange?: (key: string | null, file?: FileExistence) => void;
  disabled?: boolean;
  /** On the file input; the error gets `<testId>-error`, the name `<testId>-name`. */
  testId?: string;
  /** The upload itself (tests pass their own). */
  upload?: (file: File, options: UploadFileOptions) => Promise<FileExistence>;
}

/**
 * One file for a form (a partner's logo, a branch's seal): choose, upload in two steps with
 * progress, see the stored name or why it was refused (size, type: checked again by the server
 * on the content), remove.
 */
export function FileUploadField({
  purpose,
  value,
  fileName,
  onChange,
  disabled = false,
  testId = 'file-upload',
  upload = uploadFile,
}: FileUploadFieldProps) {
  const { t, i18n } = useTranslation('ui');
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [name, setName] = useState<string | undefined>(fileName);
  const current = useRef<AbortController | null>(null);
  const extensions = fileExtensionsOf(purpose);

  async function start(file: File) {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setError(undefined);
    setPercent(0);
    try {
      const stored = await upload(file, {
        purpose,
        signal: controller.signal,
        onProgress: (value) => setPercent(value),
      });
      setName(stored.fileName ?? file.name);
      onChange?.(stored.key, stored);
    } catch (failure) {
      if ((failure as Error)?.name !== 'AbortError')
        setError(fileUploadErrorText(failure, t, i18n));
    } finally {
      if (current.current === controller) setPercent(null);
    }
  }

  const uploading = percent !== null;
  return (
    <Flex vertical gap="small">
      <Flex gap="small" align="center" wrap>
        <Upload
          data-testid={testId}
          accept={extensions.join(',')}
          multiple={false}
          showUploadList={false}
          disabled={disabled || uploading}
          beforeUpload={(file) => {
            void start(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={disabled || uploading}>
            {t('fileUpload.choose')}
          </Button>
        </Upload>
        {value && !uploading && (
          <>
            <Typography.Text data-testid={`${testId}-name`}>
              <FileTextOutlined /> {name ?? t('fileUpload.uploaded')}
            </Typography.Text>
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('fileUpload.remove')}
              disabled={disabled}
              onClick={() => {
                setName(undefined);
                onChange?.(null);
              }}
            />
          </>
        )}
      </Flex>
      <Typography.Text type="secondary">
        {t('fileUpload.hint', {
          extensions: extensions.join(', '),
          limit: FILE_PURPOSES[purpose].maxMb,
        })}
      </Typography.Text>
      {uploading && (
        <Progress percent={percent} size="small" aria-label={t('fileUpload.uploading')} />
      )}
      {error && (
        <Alert type="error" showIcon role="alert" data-testid={`${testId}-error`} title={error} />
      )}
    </Flex>
  );
}
