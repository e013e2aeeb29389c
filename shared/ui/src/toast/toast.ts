import { useToastStore, type ToastType } from './toastStore';

export interface ToastOptions {
  /** Defaults to 5000 ms. */
  duration?: number;
  /** Reusing an id updates that toast instead of adding another. */
  id?: string;
}

type Show = (text: string, options?: ToastOptions) => string;

export interface ToastApi {
  success: Show;
  error: Show;
  info: Show;
  warning: Show;
  update: (id: string, patch: { text?: string; type?: ToastType; duration?: number }) => void;
  dismiss: (id: string) => void;
}

const show =
  (type: ToastType): Show =>
  (text, options) =>
    useToastStore.getState().add({ type, text, ...options });

/**
 * Toasts from anywhere, React or not (the API client uses it). Texts are shown as given, so
 * translate them first. Returns the toast id. Needs <ToastViewport/> mounted once.
 */
export const toast: ToastApi = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  update: (id, patch) => useToastStore.getState().update(id, patch),
  dismiss: (id) => useToastStore.getState().dismiss(id),
};

/** Same API as toast, under the name components tend to use. */
export const notify = toast;
