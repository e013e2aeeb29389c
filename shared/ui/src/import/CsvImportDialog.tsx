import { Modal, Table, type TableColumnsType } from 'antd';
import type { CsvImportResult } from '@esim/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvImportPanel } from './CsvImportPanel';
import { useCsvImport, type CsvImportOptions } from './useCsvImport';

/** A row of a dry run as the API answers it: the parsed row with its number in the file. */
export type CsvPreviewRow<Row> = Row & { row: number };

export interface CsvImportDialogProps<Row> {
  title: ReactNode;
  /** The OK button's label (the area's word for applying the import). */
  applyText: ReactNode;
  limits: CsvImportOptions<CsvImportResult<Row>>['limits'];
  send: CsvImportOptions<CsvImportResult<Row>>['send'];
  /** Default: no row errors and at least one row (all or nothing). */
  canApply?: (preview: CsvImportResult<Row>) => boolean;
  /** The area's namespace, for its own row error keys. */
  areaNamespace: string;
  /** What the file holds (columns, formats). */
  help?: ReactNode;
  /** The file input's test id. */
  testId?: string;
  /** The preview table's test id. */
  previewTestId?: string;
  /** The preview table's columns (the row number column comes first by itself). */
  columns: TableColumnsType<CsvPreviewRow<Row>>;
  /** The row number column's title. */
  rowNoTitle: ReactNode;
  width?: number;
  onClose: () => void;
  /** After a successful apply, before the dialog closes (refresh what the import changed). */
  onApplied: () => Promise<void>;
}

/** All or nothing: only a dry run without row errors and with rows may be applied. */
export const cleanCsvImport = (preview: CsvImportResult<unknown>) =>
  preview.errors.length === 0 && preview.rows.length > 0;

/**
 * A CSV import in a dialog (dry-run pattern): pick a file, see the rows as the server read them
 * and its row errors, apply with the dialog's OK button once the dry run is clean; the dialog
 * closes after the import.
 */
export function CsvImportDialog<Row>({
  title,
  applyText,
  limits,
  send,
  canApply = cleanCsvImport,
  areaNamespace,
  help,
  testId,
  previewTestId,
  columns,
  rowNoTitle,
  width = 800,
  onClose,
  onApplied,
}: CsvImportDialogProps<Row>) {
  const { t } = useTranslation('common');
  const csvImport = useCsvImport<CsvImportResult<Row>>({
    limits,
    send,
    canApply,
    onApplied: async () => {
      await onApplied();
      onClose();
    },
  });
  return (
    <Modal
      open
      width={width}
      title={title}
      onCancel={onClose}
      okText={applyText}
      cancelText={t('actions.cancel')}
      okButtonProps={{
        disabled: !csvImport.canApply,
        loading: csvImport.phase === 'applying',
        autoInsertSpace: false,
      }}
      cancelButtonProps={{ autoInsertSpace: false }}
      onOk={() => void csvImport.apply()}
      destroyOnHidden
    >
      <CsvImportPanel
        csvImport={csvImport}
        areaNamespace={areaNamespace}
        {...(testId ? { testId } : {})}
        help={help}
        errorsOf={(preview) => ({ errors: preview.errors, errorCount: preview.errorCount })}
        rowTotals={(preview) => ({ shown: preview.rows.length, total: preview.rowCount })}
        rows={(preview) => (
          <Table<CsvPreviewRow<Row>>
            size="small"
            rowKey="row"
            dataSource={preview.rows}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            {...(previewTestId ? { 'data-testid': previewTestId } : {})}
            columns={[{ key: 'row', title: rowNoTitle, dataIndex: 'row' }, ...columns]}
          />
        )}
      />
    </Modal>
  );
}
