import './setup';
import type { FileExistence } from '@esim/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useForm } from 'react-hook-form';
import {
  FileUploadError,
  FileUploadField,
  FormFileField,
  uploadFile,
  type UploadFileOptions,
} from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* The form field: choose a file, see it uploaded (or why not) in the user's language. */

let en: i18n;
let ja: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  ja = await createTestI18n('ja');
});

function choose(testId: string, file: File) {
  fireEvent.change(screen.getByTestId(testId), { target: { files: [file] } });
}

const KEY = 'partner-logo/00000000-0000-4000-8000-000000000001.png';

describe('FileUploadField', () => {
  it('uploads the chosen file and hands its key to the form', async () => {
    const onChange = vi.fn();
    const upload = vi.fn(
      async (_file: File, _options: UploadFileOptions): Promise<FileExistence> => ({
        key: KEY,
        exists: true,
        fileName: 'logo.png',
      }),
    );
    function Form() {
      const [key, setKey] = useState<string | null>(null);
      return (
        <FileUploadField
          purpose="partnerLogo"
          value={key}
          onChange={(next, file) => {
            setKey(next);
            onChange(next, file);
          }}
          upload={upload}
        />
      );
    }
    renderWithProviders(<Form />, en);
    expect(screen.getByText('.png, .jpg, .jpeg, .webp files, up to 2MB')).toBeTruthy();
    choose('file-upload', new File(['x'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(KEY, expect.anything()));
    expect(upload.mock.calls[0]![1]).toMatchObject({ purpose: 'partnerLogo' });
    await waitFor(() =>
      expect(screen.getByTestId('file-upload-name').textContent).toContain('logo.png'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(onChange).toHaveBeenLastCalledWith(null, undefined);
  });

  it("shows why a file was refused, in the user's language", async () => {
    const upload = vi.fn(async (): Promise<FileExistence> => {
      throw new FileUploadError('File upload failed.', {
        status: 0,
        validation: 'fileTooLarge|{"limit":2}',
      });
    });
    renderWithProviders(<FileUploadField purpose="partnerLogo" upload={upload} />, ja);
    choose('file-upload', new File(['x'], 'logo.png'));
    const alert = await screen.findByTestId('file-upload-error');
    expect(alert.textContent).toContain(String(ja.t('validation:fileTooLarge', { limit: 2 })));
  });

  it('uses the real upload by default (refused before sending: wrong type)', async () => {
    expect(uploadFile).toBeTypeOf('function');
    renderWithProviders(<FileUploadField purpose="partnerLogo" />, en);
    choose('file-upload', new File(['x'], 'logo.gif'));
    const alert = await screen.findByTestId('file-upload-error');
    expect(alert.textContent).toContain('Only .png, .jpg, .jpeg, .webp formats are supported.');
  });
});

describe('FormFileField', () => {
  it('keeps the stored key in the form field and clears it on remove', async () => {
    const upload = vi.fn(async (): Promise<FileExistence> => ({
      key: KEY,
      exists: true,
      fileName: 'logo.png',
    }));
    const seen: (string | null)[] = [];
    function Form() {
      const { control, watch } = useForm<{ logoKey: string | null }>({
        defaultValues: { logoKey: null },
      });
      seen.push(watch('logoKey'));
      return (
        <FormFileField
          control={control}
          name="logoKey"
          purpose="partnerLogo"
          label="Logo"
          upload={upload}
        />
      );
    }
    renderWithProviders(<Form />, en);
    expect(screen.getByText('Logo')).toBeTruthy();
    choose('field-logoKey', new File(['x'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(seen.at(-1)).toBe(KEY));
    fireEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    await waitFor(() => expect(seen.at(-1)).toBeNull());
  });
});
