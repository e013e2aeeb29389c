import './setup';
import { ApiError } from '@esim/platform';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ActionRefusal,
  ConfirmDialogHost,
  DetailHeader,
  useConfirmedDelete,
  type ConfirmedActionOptions,
} from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* The delete / remove buttons of detail screens: asked first, the refusal kept to show. */

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

function RemoveThing(props: ConfirmedActionOptions<string, string>) {
  const removal = useConfirmedDelete(props);
  return (
    <>
      <DetailHeader
        title="Tokyo"
        titleTestId="title"
        tags={<span>Active</span>}
        actions={
          <button type="button" onClick={() => void removal.run('thing-1')}>
            {removal.pending ? 'Removing' : 'Remove'}
          </button>
        }
      />
      <ActionRefusal
        refusal={removal.refusal}
        title="The thing cannot be removed"
        onClose={removal.clearRefusal}
        testId="refusal"
      />
      <ConfirmDialogHost />
    </>
  );
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('useConfirmedDelete', () => {
  it('asks with a red Delete button; Cancel runs nothing', async () => {
    const action = vi.fn(async () => 'done');
    renderWithProviders(<RemoveThing question={{ title: 'Remove Tokyo?' }} action={action} />, en);
    expect(screen.getByTestId('title').textContent).toBe('Tokyo');
    await click('Remove');
    expect(await screen.findByText('Remove Tokyo?')).toBeTruthy();
    const confirmButton = screen.getByRole('button', { name: 'Delete' });
    expect(confirmButton.className).toContain('dangerous');
    await click('Cancel');
    expect(action).not.toHaveBeenCalled();
  });

  it('runs the action with its argument once confirmed, then onDone with the result', async () => {
    const action = vi.fn(async (id: string) => `removed ${id}`);
    const onDone = vi.fn();
    renderWithProviders(
      <RemoveThing
        question={(id) => ({ title: `Remove ${id}?`, confirmText: 'Remove it' })}
        action={action}
        onDone={onDone}
      />,
      en,
    );
    await click('Remove');
    expect(await screen.findByText('Remove thing-1?')).toBeTruthy();
    await click('Remove it');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('removed thing-1', 'thing-1'));
    expect(screen.queryByTestId('refusal')).toBeNull();
  });

  it("shows the API's refusal until it is closed, and nothing of onDone", async () => {
    const onDone = vi.fn();
    const action = vi.fn(async () => {
      throw new ApiError('It still has issuers.', 422, { errors: [], errorMessage: 'x' });
    });
    renderWithProviders(
      <RemoveThing question={{ title: 'Remove?' }} action={action} onDone={onDone} />,
      en,
    );
    await click('Remove');
    await screen.findByText('Remove?');
    await click('Delete');
    const refusal = await screen.findByTestId('refusal');
    expect(refusal.textContent).toContain('The thing cannot be removed');
    expect(refusal.textContent).toContain('It still has issuers.');
    expect(onDone).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(refusal.querySelector('.ant-alert-close-icon') as Element);
    });
    await waitFor(() => expect(screen.queryByTestId('refusal')).toBeNull());
  });
});
