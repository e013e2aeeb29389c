// Tables
export { DataTable, TABLE_PAGE_SIZES, type DataTableProps } from './table/DataTable';
export {
  DateRangeFilter,
  DATE_FORMAT,
  type DateRange,
  type DateRangeFilterProps,
} from './table/DateRangeFilter';
export { TableErrorState, type TableErrorStateProps } from './table/TableErrorState';
export { initialTableState } from './table/tableState';
export type { DataTableColumn, DataTableState, SortOrder, TableSort } from './table/types';

// Option lists
export { OptionSelect, type OptionSelectProps } from './options/OptionSelect';
export type { OptionItem } from './options/types';

// Dialogs and notifications
export {
  ModalNotification,
  type ModalNotificationOptions,
  type ModalNotificationProps,
  type ModalVariant,
} from './modal/ModalNotification';
export { showModalNotification } from './modal/modalNotificationStore';
export { ModalNotificationHost } from './modal/ModalNotificationHost';
export {
  ConfirmDialog,
  type ConfirmDialogProps,
  type ConfirmOptions,
} from './confirm/ConfirmDialog';
export { confirm } from './confirm/confirmStore';
export {
  useConfirmedAction,
  useConfirmedDelete,
  type ConfirmedAction,
  type ConfirmedActionOptions,
} from './confirm/useConfirmedAction';
export { ActionRefusal, type ActionRefusalProps } from './confirm/ActionRefusal';
export { ConfirmDialogHost } from './confirm/ConfirmDialogHost';
export {
  NoPermissionDialog,
  HOME_ROUTE,
  type NoPermissionDialogProps,
} from './dialogs/NoPermissionDialog';
export { toast, notify, type ToastApi, type ToastOptions } from './toast/toast';
export {
  useToastStore,
  type ToastItem,
  type ToastStatus,
  type ToastType,
} from './toast/toastStore';
export { ToastViewport } from './toast/ToastViewport';
export {
  useUnsavedChangesPrompt,
  type UnsavedChangesPrompt,
} from './unsaved/useUnsavedChangesPrompt';

// Loading
export { loading, useLoadingStore } from './loading/loadingStore';
export { LoadingOverlay } from './loading/LoadingOverlay';
export { progress, useProgressStore } from './loading/progressStore';
export { TopProgressBar } from './loading/TopProgressBar';
export { UiOverlays } from './UiOverlays';

// Forms
export { FormLayout, type FormLayoutProps } from './form/FormLayout';
export { FormTextField, type FormTextFieldProps } from './form/FormTextField';
export { FormSelectField, type FormSelectFieldProps } from './form/FormSelectField';
export { FormCheckboxField, type FormCheckboxFieldProps } from './form/FormCheckboxField';
export { FormFileField, type FormFileFieldProps } from './form/FormFileField';
export { FormNumberField, type FormNumberFieldProps } from './form/FormNumberField';
export { FormMoneyField, type FormMoneyFieldProps } from './form/FormMoneyField';
export { FormDateField, type FormDateFieldProps } from './form/FormDateField';
export {
  FormDateTimeRangeField,
  DATE_TIME_FORMAT,
  type FormDateTimeRangeFieldProps,
} from './form/FormDateTimeRangeField';
export { useHasInputProblem } from './form/inputProblems';
export { NumberInput, type NumberInputProps } from './number/NumberInput';
export {
  BackLink,
  DetailLoadFailed,
  DetailMissing,
  type DetailLoadFailedProps,
  type DetailMissingProps,
} from './detail/DetailStates';
export { isMissingRecordError } from './detail/missingRecord';
export {
  DetailGate,
  isDetailReady,
  type DetailGateProps,
  type DetailQuery,
} from './detail/DetailGate';
export { useUrlTab } from './detail/useUrlTab';
export { DetailHeader, type DetailHeaderProps } from './detail/DetailHeader';
export { ImportRowErrors, type ImportRowErrorsProps } from './import/ImportRowErrors';
export { useImportErrorText } from './import/useImportErrorText';
export { CsvFilePicker, type CsvFilePickerProps } from './import/CsvFilePicker';
export { CsvImportErrors, type CsvImportErrorsProps } from './import/CsvImportErrors';
export { CsvImportPanel, type CsvImportPanelProps } from './import/CsvImportPanel';
export {
  CsvImportDialog,
  cleanCsvImport,
  type CsvImportDialogProps,
  type CsvPreviewRow,
} from './import/CsvImportDialog';
export { ImportApplyError } from './import/ImportApplyError';
export { ImportJobProgress, type ImportJobProgressProps } from './import/ImportJobProgress';
export { acceptAttribute, csvFileProblem, type CsvImportLimits } from './import/csvImportLimits';
export {
  useCsvImport,
  type CsvImport,
  type CsvImportJobs,
  type CsvImportOptions,
  type CsvImportPhase,
} from './import/useCsvImport';
export {
  FileUploadError,
  FILE_UPLOAD_FAILED,
  fetchSender,
  uploadFile,
  xhrSender,
  type ByteRequest,
  type ByteSender,
  type UploadFileOptions,
} from './files/uploadFile';
export {
  FileUploadField,
  fileUploadErrorText,
  type FileUploadFieldProps,
} from './files/FileUploadField';
export { PdfPreviewDialog, type PdfPreviewDialogProps } from './files/PdfPreviewDialog';
export {
  JobProgressDialog,
  type JobProgressDialogProps,
  type JobProgressError,
} from './jobs/JobProgressDialog';
export { ListFilter, ListPage, ListSearch, type ListPageProps } from './list/ListPage';
export {
  listPageQuery,
  useExport,
  useListPage,
  type ListPageQuery,
  type ListPageState,
} from './list/useListPage';
export {
  ListSection,
  type ListFilterProps,
  type ListSearchProps,
  type ListSectionProps,
} from './list/ListPage';
export { type ListActionsProps } from './list/ListActions';
export { listParamKey } from './table/urlTableState';
export { type UrlListOptions } from './table/useUrlListState';
export { useValibotForm, type ValibotFormOptions } from './form/useValibotForm';
export { applyServerFieldErrors } from './form/applyServerFieldErrors';
export {
  ConflictAlert,
  ServerErrors,
  handleSaveError,
  isVersionConflict,
  type ConflictAlertProps,
} from './form/saveErrors';
export { FormDialog, type FormDialogProps } from './form/FormDialog';
export { FormDrawer, type FormDrawerProps } from './form/FormDrawer';
export { FormPanel, type FormPanelProps } from './form/FormPanel';
export type { FormFrameProps } from './form/FormFrameParts';
export {
  useFormSave,
  type FormDangerAction,
  type FormSaveOptions,
  type FormSaveState,
} from './form/useFormSave';
export { translateValidationMessage, type Translate } from './i18n/translateValidationMessage';
export {
  readListState,
  writeListState,
  type UrlListState,
  type UrlTableDefaults,
} from './table/urlTableState';
export { useUrlListState } from './table/useUrlListState';

// Wizard
export { Wizard, type WizardProps, type WizardStep } from './wizard/Wizard';
export { wizardProgress, wizardStepStates, type WizardStepState } from './wizard/wizardState';

// Notices (maintenance and system news)
export { NoticeList, type NoticeListProps } from './notices/NoticeList';
export { NoticeDialog, type NoticeDialogProps } from './notices/NoticeDialog';
export { NoticeTag } from './notices/NoticeTag';
export { useNoticeText } from './notices/useNoticeText';

// Audit history
export { AuditHistory, type AuditHistoryProps } from './audit/AuditHistory';
export {
  EntityHistoryTab,
  useHistoryPaging,
  type EntityHistoryTabProps,
  type HistoryPaging,
  type HistoryQuery,
} from './audit/EntityHistoryTab';

// Secrets
export {
  ActivationCodeReveal,
  type ActivationCodeRevealProps,
  type RevealedActivationCode,
} from './secrets/ActivationCodeReveal';
export { copyText } from './secrets/copyText';
