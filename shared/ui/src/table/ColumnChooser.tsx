import { InsertRowRightOutlined } from '../icons';
import { Button, Checkbox, Divider, Flex, Popover } from 'antd';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isHideable } from './columnVisibility';
import type { DataTableColumn } from './types';
import type { ColumnVisibility } from './useColumnVisibility';

interface ChooserListProps<T> {
  id: string;
  columns: DataTableColumn<T>[];
  visibility: ColumnVisibility<T>;
  onClose: () => void;
}

/** The checkbox list; takes the focus when it opens so the keyboard can go on from there. */
function ChooserList<T>({ id, columns, visibility, onClose }: ChooserListProps<T>) {
  const { t } = useTranslation('ui');
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    listRef.current?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  return (
    <div id={id} ref={listRef} onKeyDown={onKeyDown} data-testid="column-chooser">
      <Flex vertical gap={6} role="group" aria-label={t('table.columnChooser.label')}>
        {columns.map((column) => {
          const hideable = isHideable(column);
          return (
            <Checkbox
              key={column.key}
              checked={visibility.isShown(column)}
              disabled={!hideable}
              title={hideable ? undefined : t('table.columnChooser.alwaysShown')}
              onChange={(event) => visibility.setShown(column, event.target.checked)}
              data-testid={`column-toggle-${column.key}`}
            >
              {column.title}
            </Checkbox>
          );
        })}
      </Flex>
      <Divider style={{ margin: '8px 0' }} />
      <Button
        size="small"
        onClick={visibility.reset}
        disabled={!visibility.changed}
        data-testid="column-chooser-reset"
        autoInsertSpace={false}
      >
        {t('table.columnChooser.reset')}
      </Button>
    </div>
  );
}

export interface ColumnChooserProps<T> {
  columns: DataTableColumn<T>[];
  visibility: ColumnVisibility<T>;
}

/** The table toolbar's "Columns" button: shows or hides the columns that are not fixed. */
export function ColumnChooser<T>({ columns, visibility }: ColumnChooserProps<T>) {
  const { t } = useTranslation('ui');
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
      // Rendered beside the button, so Tab goes from the button into the list.
      getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      content={
        <ChooserList id={listId} columns={columns} visibility={visibility} onClose={close} />
      }
    >
      <Button
        ref={buttonRef}
        icon={<InsertRowRightOutlined />}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        data-testid="column-chooser-button"
        autoInsertSpace={false}
      >
        {t('table.columnChooser.button')}
      </Button>
    </Popover>
  );
}
