import { STOCK_STATUSES, type StockStatusCounts } from '@esim/contracts';
import { createTestI18n, fireEvent, renderWithProviders, screen } from '@esim/ui/testing';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { StatusCounts, type StatusCountsProps } from '../src/components/StatusCounts';
import { counted } from '../src/counted';

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

const [first] = STOCK_STATUSES;
const counts = Object.fromEntries(STOCK_STATUSES.map((s) => [s, 0])) as StockStatusCounts;

function renderCounts(overrides: Partial<StatusCountsProps> = {}) {
  const props: StatusCountsProps = {
    counts: { ...counts, [first]: 1234 },
    total: 1234,
    expiringSoon: 2,
    selected: [],
    expiringActive: false,
    onToggleStatus: vi.fn(),
    onToggleExpiring: vi.fn(),
    onShowAll: vi.fn(),
    ...overrides,
  };
  renderWithProviders(<StatusCounts {...props} />, en);
  return props;
}

describe('counted', () => {
  it('picks the plural form by count and shows the number grouped', () => {
    expect(en.t('stock:import.apply', counted(1))).toBe('Import 1 eSIM');
    expect(en.t('stock:import.apply', counted(1234))).toBe('Import 1,234 eSIMs');
  });
});

describe('StatusCounts', () => {
  it('shows grouped counts, "all" pressed while nothing is filtered', () => {
    renderCounts();
    const all = screen.getByTestId('stock-count-all');
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(all.textContent).toContain('1,234');
    expect(screen.getByTestId(`stock-count-${first}`).getAttribute('aria-pressed')).toBe('false');
  });

  it('toggles a status filter by click and by keyboard', () => {
    const props = renderCounts({ selected: [first] });
    const card = screen.getByTestId(`stock-count-${first}`);
    expect(card.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('stock-count-all').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(card);
    fireEvent.keyDown(card, { key: 'Enter' });
    fireEvent.keyDown(card, { key: ' ' });
    expect(props.onToggleStatus).toHaveBeenCalledTimes(3);
    expect(props.onToggleStatus).toHaveBeenCalledWith(first);
  });
});
