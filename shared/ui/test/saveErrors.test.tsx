import './setup';
import { ApiError } from '@esim/platform';
import { fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ConflictAlert, handleSaveError, isVersionConflict } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* The one conflict helper of the console: a stale save is told apart from other refusals. */

const refusal = (status: number, errors: { field?: string; message: string }[]) =>
  new ApiError(errors[0]?.message ?? 'refused', status, {
    errors: errors.map((item) => ({ ...item, code: 'X' })),
    errorMessage: errors[0]?.message ?? 'refused',
  });

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

describe('save errors', () => {
  it('a 409 about the version (or naming no field) is a conflict; a taken code is not', () => {
    expect(isVersionConflict(refusal(409, [{ field: 'version', message: 'Changed' }]))).toBe(true);
    expect(isVersionConflict(refusal(409, []))).toBe(true);
    expect(isVersionConflict(refusal(409, [{ field: 'productCode', message: 'Taken' }]))).toBe(
      false,
    );
    expect(isVersionConflict(refusal(422, [{ field: 'version', message: 'x' }]))).toBe(false);
    expect(isVersionConflict(new Error('network'))).toBe(false);
  });

  it('puts field errors on their fields and returns the messages no field took', () => {
    const setError = vi.fn();
    const result = handleSaveError(
      refusal(400, [
        { field: 'name', message: 'Name is required.' },
        { field: 'elsewhere', message: 'Not a form field.' },
      ]),
      setError,
      ['name'],
    );
    expect(result).toEqual({ conflict: false, unplaced: ['Not a form field.'] });
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: 'Name is required.' },
      { shouldFocus: true },
    );
    expect(handleSaveError(refusal(409, []), setError)).toEqual({ conflict: true, unplaced: [] });
  });

  it('the conflict alert explains nothing was saved and reloads on request', () => {
    const onReload = vi.fn();
    renderWithProviders(<ConflictAlert onReload={onReload} />, en);
    expect(screen.getByRole('alert').textContent).toContain('Someone else changed this record');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
