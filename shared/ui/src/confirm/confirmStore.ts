import { create } from 'zustand';
import type { ConfirmOptions } from './ConfirmDialog';

interface PendingConfirm extends ConfirmOptions {
  id: number;
  open: boolean;
  resolve: (confirmed: boolean) => void;
}

interface ConfirmState {
  pending: PendingConfirm[];
  answer: (id: number, confirmed: boolean) => void;
  remove: (id: number) => void;
}

/** Questions asked through confirm(), rendered by <ConfirmDialogHost/>. */
export const useConfirmStore = create<ConfirmState>()((set, get) => ({
  pending: [],
  answer: (id, confirmed) => {
    const item = get().pending.find((p) => p.id === id);
    if (!item || !item.open) return;
    set((s) => ({ pending: s.pending.map((p) => (p.id === id ? { ...p, open: false } : p)) }));
    item.resolve(confirmed);
  },
  remove: (id) => set((s) => ({ pending: s.pending.filter((p) => p.id !== id) })),
}));

let nextId = 1;

/** Asks the user; resolves true on Continue, false on Cancel / Esc / close. */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const item: PendingConfirm = { ...options, id: nextId++, open: true, resolve };
    useConfirmStore.setState((s) => ({ pending: [...s.pending, item] }));
  });
}
