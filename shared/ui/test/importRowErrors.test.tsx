import './setup';
import type { CsvRowError } from '@esim/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImportRowErrors } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* One way to show an import's row errors: translated from their keys, ten a page, total told. */

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  en.addResourceBundle(
    'en',
    'testOnlyArea',
    { import: { errors: { testOnlyDuplicateInFile: 'Row {{row}} repeats row {{first}}.' } } },
    true,
    false,
  );
});

const rowError = (row: number, extra: Partial<CsvRowError> = {}): CsvRowError => ({
  row,
  message: `English text ${row}`,
  key: 'invalidRowFormat',
  params: { name: 'iccid', rowCount: row },
  field: 'iccid',
  ...extra,
});

describe('ImportRowErrors', () => {
  it('translates by key: the area’s own first, then validation with field labels, else English', () => {
    renderWithProviders(
      <ImportRowErrors
        areaNamespace="testOnlyArea"
        errors={[
          rowError(3),
          rowError(4, { key: 'testOnlyDuplicateInFile', params: { first: 2 } }),
          rowError(5, { key: 'keyFromANewerApi' }),
        ]}
      />,
      en,
    );
    const rows = screen.getAllByTestId('import-error');
    expect(rows[0]?.textContent).toContain('Invalid ICCID format at row 3.');
    expect(rows[1]?.textContent).toContain('Row 4 repeats row 2.');
    expect(rows[2]?.textContent).toContain('English text 5');
  });

  it('pages ten at a time and says when the API sent only the first errors', () => {
    const errors = Array.from({ length: 12 }, (_, index) => rowError(index + 2));
    renderWithProviders(
      <ImportRowErrors areaNamespace="testOnlyArea" errors={errors} errorCount={4500} />,
      en,
    );
    expect(screen.getAllByTestId('import-error')).toHaveLength(10);
    expect(screen.getByTestId('import-errors-more').textContent).toBe(
      'Showing the first 12 of 4,500 errors.',
    );
    const pager = screen.getByRole('list');
    fireEvent.click(within(pager).getByText('2'));
    expect(screen.getAllByTestId('import-error')).toHaveLength(2);
  });
});
