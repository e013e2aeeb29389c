import { ModalNotification } from './ModalNotification';
import { useModalNotificationStore } from './modalNotificationStore';

/** Renders the modals opened with showModalNotification(); mount once. */
export function ModalNotificationHost() {
  const modals = useModalNotificationStore((s) => s.modals);
  const close = useModalNotificationStore((s) => s.close);
  const remove = useModalNotificationStore((s) => s.remove);
  return modals.map(({ id, resolve, open, ...options }) => (
    <ModalNotification
      key={id}
      {...options}
      open={open}
      onClose={() => {
        close(id);
        resolve();
      }}
      afterClose={() => remove(id)}
    />
  ));
}
