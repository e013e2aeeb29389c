import './setup';
import { ApiError, type FetchedFile } from '@esim/platform';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobProgressDialog, PdfPreviewDialog } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* The PDF viewer and the job progress dialog of the kit, as a user meets them. */

let en: i18n;
const created = URL.createObjectURL;
const revoked = URL.revokeObjectURL;
beforeAll(async () => {
  en = await createTestI18n('en');
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:document');
  URL.revokeObjectURL = vi.fn();
});
afterAll(() => {
  URL.createObjectURL = created;
  URL.revokeObjectURL = revoked;
});

const pdf = (): FetchedFile => ({
  blob: new Blob(['%PDF-1.4'], { type: 'application/octet-stream' }),
  name: 'INV-2026-000001.pdf',
});

describe('PdfPreviewDialog', () => {
  it('shows a refusal with a retry, then the PDF from a blob URL revoked on close', async () => {
    const load = vi
      .fn<(signal: AbortSignal) => Promise<FetchedFile>>()
      .mockRejectedValueOnce(new ApiError('Error generating PDF.', 422, undefined))
      .mockResolvedValueOnce(pdf());
    const onClose = vi.fn();
    const view = renderWithProviders(
      <PdfPreviewDialog title="Invoice INV-2026-000001" load={load} onClose={onClose} />,
      en,
    );
    await waitFor(() =>
      expect(screen.getByTestId('pdf-preview').getAttribute('data-state')).toBe('failed'),
    );
    expect(screen.getByTestId('pdf-preview-error').textContent).toContain('Error generating PDF.');
    expect(screen.queryByTestId('pdf-preview-download')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByTestId('pdf-preview-retry'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('pdf-preview').getAttribute('data-state')).toBe('ready'),
    );
    expect(load).toHaveBeenCalledTimes(2);
    // Typed as a PDF, whatever the answer said, so the browser's viewer shows it.
    const shown = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(shown.type).toBe('application/pdf');
    expect(screen.getByTestId('pdf-preview-frame').getAttribute('src')).toBe('blob:document');
    expect(screen.getByTestId('pdf-preview-download').getAttribute('download')).toBe(
      'INV-2026-000001.pdf',
    );
    expect(screen.getByTestId('pdf-preview-open').getAttribute('target')).toBe('_blank');

    await act(async () => {
      fireEvent.click(screen.getByTestId('pdf-preview-close'));
    });
    expect(onClose).toHaveBeenCalled();
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:document');
  });
});

describe('PdfPreviewDialog on a page that allows no blob: frames', () => {
  it('says so and keeps the tab and the download, fetching the PDF once', async () => {
    const load = vi.fn<(signal: AbortSignal) => Promise<FetchedFile>>().mockResolvedValue(pdf());
    /** Renders the dialog again with a new load function at each click. */
    function Page() {
      const [renders, setRenders] = useState(0);
      return (
        <>
          <button type="button" data-testid="render-again" onClick={() => setRenders(renders + 1)}>
            {renders}
          </button>
          <PdfPreviewDialog
            title="Preview"
            load={(signal) => load(signal)}
            onClose={() => undefined}
          />
        </>
      );
    }
    renderWithProviders(<Page />, en);
    await waitFor(() =>
      expect(screen.getByTestId('pdf-preview').getAttribute('data-state')).toBe('ready'),
    );
    // What Chromium reports when the Content-Security-Policy refuses the frame.
    await act(async () => {
      document.dispatchEvent(
        Object.assign(new Event('securitypolicyviolation'), { blockedURI: 'blob' }),
      );
    });
    expect(screen.getByTestId('pdf-preview').getAttribute('data-embedded')).toBe('false');
    expect(screen.queryByTestId('pdf-preview-frame')).toBeNull();
    expect(screen.getByTestId('pdf-preview-not-embedded').textContent).toContain(
      'open it in a new tab or download it',
    );
    expect(screen.getByTestId('pdf-preview-open')).toBeTruthy();
    // A new render (a new load function) does not fetch it again.
    await act(async () => {
      fireEvent.click(screen.getByTestId('render-again'));
    });
    expect(screen.getByTestId('render-again').textContent).toBe('1');
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('JobProgressDialog', () => {
  it('shows the units handled while running, and the failures once done', async () => {
    const props = {
      title: 'Issuing invoices',
      total: 4,
      onClose: () => undefined,
      errors: [{ key: 'o-2', label: 'O260301-000002', message: 'No issuer.' }],
    };
    const view = renderWithProviders(
      <JobProgressDialog {...props} done={1} failed={1} status="running" />,
      en,
    );
    expect(screen.getByTestId('job-progress-running').textContent).toBe('Working… 2 of 4 handled');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText(/you may close this window/)).toBeTruthy();

    view.rerender(
      <JobProgressDialog
        {...props}
        done={3}
        failed={1}
        status="done"
        summary="3 invoices issued."
      />,
    );
    expect(screen.queryByTestId('job-progress-running')).toBeNull();
    expect(screen.getByText('3 invoices issued.')).toBeTruthy();
    expect(screen.getByTestId('job-progress-counts').textContent).toBe(
      '3 succeeded, 1 failed, of 4',
    );
    expect(screen.getByText('Failures (1)')).toBeTruthy();
    expect(screen.getByTestId('job-progress-error').textContent).toBe('O260301-000002: No issuer.');

    view.rerender(<JobProgressDialog {...props} done={1} failed={0} status="failed" />);
    expect(screen.getByRole('alert').textContent).toContain('The job stopped before the end.');
  });
});
