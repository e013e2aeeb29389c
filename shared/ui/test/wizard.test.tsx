import './setup';
import { act, fireEvent, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ConfirmDialogHost,
  Wizard,
  wizardProgress,
  wizardStepStates,
  type WizardStep,
} from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

let en: i18n;
let ja: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  ja = await createTestI18n('ja');
});

const TITLES = ['Select bundle', 'Order information', 'Order preview', 'Purchase', 'Completed'];

function orderSteps(overrides: Partial<Record<number, Partial<WizardStep>>> = {}): WizardStep[] {
  return TITLES.map((title, index) => ({
    key: `step${index}`,
    title,
    content: <p>{`${title} content`}</p>,
    ...(index === 3 ? { irreversible: true } : {}),
    ...overrides[index],
  }));
}

function renderWizard(steps: WizardStep[], instance: i18n = en) {
  return renderWithProviders(
    <>
      <Wizard label="Purchase order" steps={steps} />
      <ConfirmDialogHost />
    </>,
    instance,
  );
}

const progressValue = () => screen.getByRole('progressbar').getAttribute('aria-valuenow');
const stateOf = (title: string) =>
  screen
    .getByText(title)
    .closest('.esim-wizard-step')
    ?.className.match(/esim-wizard-step-(\w+)/)?.[1];

async function clickNext(name = 'Next') {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('wizard progress and states', () => {
  it('gives the spec values 0, 25, 50, 75, 100 for five steps', () => {
    expect([0, 1, 2, 3, 4].map((i) => wizardProgress(i, 5))).toEqual([0, 25, 50, 75, 100]);
  });

  it('marks passed steps success, the current one active and later ones inactive', () => {
    expect(wizardStepStates(2, 5)).toEqual([
      'success',
      'success',
      'active',
      'inactive',
      'inactive',
    ]);
    expect(wizardStepStates(2, 5, true)[2]).toBe('error');
    expect(wizardStepStates(4, 5)).toEqual(Array(5).fill('success'));
  });

  it('shows the progress and the states of each step while the user moves on', async () => {
    renderWizard(orderSteps());
    expect(progressValue()).toBe('0');
    expect(stateOf('Select bundle')).toBe('active');
    expect(stateOf('Order information')).toBe('inactive');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    await clickNext();
    expect(progressValue()).toBe('25');
    expect(stateOf('Select bundle')).toBe('success');
    expect(stateOf('Order information')).toBe('active');
    expect(screen.getByText('Order information content')).toBeTruthy();

    await clickNext();
    expect(progressValue()).toBe('50');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    });
    expect(progressValue()).toBe('25');
    expect(stateOf('Order preview')).toBe('inactive');
  });

  it('moves focus to the new step for keyboard users', async () => {
    renderWizard(orderSteps());
    await clickNext();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Order information' }));
  });

  it('labels its buttons in the current language', () => {
    renderWizard(orderSteps({ 1: { canGoBack: true } }), ja);
    expect(screen.getByRole('button', { name: '次へ' })).toBeTruthy();
  });

  it('keeps a two-kanji label whole (antd would write 購入 as 購 入)', () => {
    renderWizard(orderSteps({ 0: { nextLabel: '購入' } }), ja);
    expect(screen.getByTestId('wizard-next').textContent).toBe('購入');
  });
});

describe('guarded navigation', () => {
  it('blocks Next while the step is invalid and allows it once valid', async () => {
    function Harness() {
      const [picked, setPicked] = useState(false);
      const steps = orderSteps({
        0: {
          canProceed: picked,
          content: <button onClick={() => setPicked(true)}>Pick bundle</button>,
        },
      });
      return <Wizard label="Purchase order" steps={steps} />;
    }
    renderWithProviders(<Harness />, en);
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await clickNext();
    expect(progressValue()).toBe('0');

    fireEvent.click(screen.getByRole('button', { name: 'Pick bundle' }));
    expect(next.disabled).toBe(false);
    await clickNext();
    expect(progressValue()).toBe('25');
  });

  it('hides Back where the step forbids it', async () => {
    renderWizard(orderSteps({ 1: { canGoBack: false } }));
    await clickNext();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('stays on the step when its action answers false', async () => {
    renderWizard(orderSteps({ 0: { onNext: () => false } }));
    await clickNext();
    expect(progressValue()).toBe('0');
    expect(stateOf('Select bundle')).toBe('active');
  });
});

describe('irreversible step', () => {
  async function toPreview(steps: WizardStep[]) {
    renderWizard(steps);
    await clickNext();
    await clickNext();
    expect(progressValue()).toBe('50');
  }

  it('asks before entering it; Cancel stays and runs nothing', async () => {
    const purchase = vi.fn();
    await toPreview(orderSteps({ 2: { onNext: purchase } }));
    await clickNext();
    expect(screen.getByText('This step cannot be undone.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(purchase).not.toHaveBeenCalled();
    expect(progressValue()).toBe('50');
    expect(stateOf('Order preview')).toBe('active');
  });

  it('runs the action and moves on when confirmed, with no way back', async () => {
    const purchase = vi.fn().mockResolvedValue(undefined);
    await toPreview(
      orderSteps({ 2: { onNext: purchase }, 3: { irreversible: { confirmText: 'Buy now' } } }),
    );
    await clickNext();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    });
    expect(purchase).toHaveBeenCalledTimes(1);
    expect(progressValue()).toBe('75');
    expect(stateOf('Purchase')).toBe('active');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    await clickNext();
    expect(progressValue()).toBe('100');
    expect(stateOf('Completed')).toBe('success');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('shows the error state when the action fails, and stays', async () => {
    const purchase = vi.fn().mockRejectedValue(new Error('payment declined'));
    await toPreview(orderSteps({ 2: { onNext: purchase } }));
    await clickNext();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    });
    expect(purchase).toHaveBeenCalledTimes(1);
    expect(progressValue()).toBe('50');
    expect(stateOf('Order preview')).toBe('error');
    expect(stateOf('Purchase')).toBe('inactive');
  });

  it('shows the error state a step reports from outside', () => {
    renderWizard(orderSteps({ 0: { error: true } }));
    expect(stateOf('Select bundle')).toBe('error');
  });
});
