import { create } from 'zustand';
import type { ModalNotificationOptions } from './ModalNotification';

interface QueuedModal extends ModalNotificationOptions {
  id: number;
  open: boolean;
  resolve: () => void;
}

interface ModalNotificationState {
  modals: QueuedModal[];
  close: (id: number) => void;
  remove: (id: number) => void;
}

/** Modals opened through showModalNotification(), rendered by <ModalNotificationHost/>. */
export const useModalNotificationStore = create<ModalNotificationState>()((set) => ({
  modals: [],
  close: (id) =>
    set((s) => ({ modals: s.modals.map((m) => (m.id === id ? { ...m, open: false } : m)) })),
  remove: (id) => set((s) => ({ modals: s.modals.filter((m) => m.id !== id) })),
}));

let nextId = 1;

/** Opens a modal notification; resolves when the user presses OK or closes it. */
export function showModalNotification(options: ModalNotificationOptions): Promise<void> {
  return new Promise((resolve) => {
    const modal: QueuedModal = { ...options, id: nextId++, open: true, resolve };
    useModalNotificationStore.setState((s) => ({ modals: [...s.modals, modal] }));
  });
}
