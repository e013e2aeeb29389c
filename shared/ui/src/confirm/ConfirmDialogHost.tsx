import { ConfirmDialog } from './ConfirmDialog';
import { useConfirmStore } from './confirmStore';

/** Renders the dialogs opened with confirm(); mount once. */
export function ConfirmDialogHost() {
  const pending = useConfirmStore((s) => s.pending);
  const answer = useConfirmStore((s) => s.answer);
  const remove = useConfirmStore((s) => s.remove);
  return pending.map(({ id, resolve: _resolve, open, ...options }) => (
    <ConfirmDialog
      key={id}
      {...options}
      open={open}
      onConfirm={() => answer(id, true)}
      onCancel={() => answer(id, false)}
      afterClose={() => remove(id)}
    />
  ));
}
