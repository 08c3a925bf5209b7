/**
 * The kit: pure views that take values and callbacks, styled only by the theme's variables.
 * The heavy ones have their own entries, so a frame that does not use them does not download
 * them: `./chart.view.tsx` (uPlot) and `./virtual-table.view.tsx` (@tanstack/react-virtual).
 */
export {
  type Address,
  type AddressErrors,
  type AddressField,
  type AddressFormat,
  addressFormat,
  checkAddress,
  emptyAddress,
  isValidPostalCode,
  normalisePostalCode,
} from "./address.ts";
export { AddressInput, type AddressInputProps } from "./address.view.tsx";
export { Badge, type BadgeProps, type BadgeStatus } from "./badge.view.tsx";
export {
  type Checked,
  checkIban,
  checkLocalAccount,
  checkLocalBankPart,
  checkTaxId,
  checkUsAccountNumber,
  checkUsRoutingNumber,
  companyTaxIdKind,
  joinLocalRouting,
  type LocalBankFormat,
  personIdNumberKind,
  splitLocalRouting,
  type TaxIdKind,
} from "./bank-tax.ts";
export {
  IbanInput,
  LocalBankAccountInput,
  type LocalBankAccountInputProps,
  TaxIdInput,
  type TaxIdInputProps,
  taxIdExamples,
  type UsBankAccount,
  UsBankAccountInput,
  type UsBankAccountInputProps,
} from "./bank-tax.view.tsx";
export { Banner, type BannerProps, type BannerStatus } from "./banner.view.tsx";
export { Button, type ButtonProps, type ButtonVariant } from "./button.view.tsx";
export {
  Combobox,
  type ComboboxOption,
  type ComboboxProps,
  filterOptions,
} from "./combobox.view.tsx";
export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog.view.tsx";
export {
  DateInput,
  type DateInputProps,
  type DateRange,
  DateRangeInput,
  type DateRangeInputProps,
  type IsoDate,
  isIsoDate,
  useDateError,
} from "./date-input.view.tsx";
export {
  type DescriptionItem,
  DescriptionList,
  type DescriptionListProps,
} from "./description-list.view.tsx";
export { EmptyState, type EmptyStateProps } from "./empty-state.view.tsx";
export {
  ErrorSummary,
  type ErrorSummaryItem,
  type ErrorSummaryProps,
  FormLayout,
  type FormLayoutProps,
} from "./error-summary.view.tsx";
export { Field, type FieldControlProps, type FieldProps } from "./field.view.tsx";
export {
  checkFile,
  type FileRefusal,
  type FileRules,
  type UploadState,
  uploadReducer,
} from "./file-upload.ts";
export {
  FileUpload,
  type FileUploadProps,
  FileUploadView,
  type FileUploadViewProps,
} from "./file-upload.view.tsx";
export {
  type AmountCondition,
  activeFilterCount,
  checkFilter,
  clearAllFilters,
  clearFilter,
  type DateCondition,
  type FilterDefinition,
  type FilterProblem,
  type FilterValue,
  type FilterValues,
  filterDefinitions,
  filterQuery,
  filterQueryString,
  type MetadataCondition,
  setFilter,
  specOf,
} from "./filter-bar.ts";
export { FilterBar, type FilterBarProps } from "./filter-bar.view.tsx";
export {
  addressPaths,
  FormAddressField,
  type FormAddressFieldProps,
  FormDateField,
  FormIbanField,
  FormLocalBankAccountField,
  FormPhoneField,
  FormTaxIdField,
  FormUsBankAccountField,
  type FormUsBankAccountFieldProps,
} from "./form-country-fields.view.tsx";
export {
  type ApiMessages,
  FormCheckboxField,
  type FormCheckboxFieldProps,
  FormCheckboxGroupField,
  type FormCheckboxGroupFieldProps,
  FormErrorBanner,
  FormErrorSummary,
  type FormErrorSummaryProps,
  FormFileField,
  type FormFileFieldProps,
  FormMoneyField,
  type FormMoneyFieldProps,
  FormNumberField,
  type FormNumberFieldProps,
  FormSelectField,
  type FormSelectFieldProps,
  FormTextField,
  type FormTextFieldProps,
  type FormView,
  fieldId,
  fieldsViewOf,
  formErrorText,
  formViewOf,
  kitFieldError,
} from "./form-fields.view.tsx";
export { DateTime, type DateTimeProps, Money, type MoneyProps } from "./format.view.tsx";
export { kitStylesheet } from "./kit.css.ts";
export { Link, type LinkProps } from "./link.view.tsx";
export {
  MoneyInput,
  type MoneyInputProps,
  NumberInput,
  type NumberInputProps,
} from "./number-input.view.tsx";
export {
  formatMoneyInput,
  formatNumberInput,
  type LocaleSeparators,
  localeSeparators,
  type MoneyParse,
  parseLocaleDecimal,
  parseMoneyInput,
  parseNumberInput,
} from "./number-parse.ts";
export {
  focusableWithin,
  Overlay,
  type OverlayPresentation,
  type OverlayProps,
} from "./overlay.view.tsx";
export { Pagination, type PaginationProps } from "./pagination.view.tsx";
export { PhoneInput, type PhoneInputProps } from "./phone-input.view.tsx";
export { Select, type SelectOption, type SelectProps } from "./select.view.tsx";
export { Skeleton, type SkeletonProps } from "./skeleton.view.tsx";
export { Spinner, type SpinnerProps } from "./spinner.view.tsx";
export {
  StepsEndView,
  type StepsEndViewProps,
  StepsLayout,
  type StepsLayoutProps,
  StepsSavedView,
  type StepsSavedViewProps,
} from "./steps.view.tsx";
export { Switch, type SwitchProps } from "./switch.view.tsx";
export { Table, type TableColumn, type TableProps } from "./table.view.tsx";
export { type TabItem, Tabs, type TabsProps } from "./tabs.view.tsx";
export {
  CodeField,
  type CodeFieldProps,
  type FieldError,
  TextField,
  type TextFieldProps,
  useFieldErrorText,
} from "./text-field.view.tsx";
export { Timeline, type TimelineEvent, type TimelineProps } from "./timeline.view.tsx";
export {
  browserTimer,
  type ScheduleTimer,
  type ToastItem,
  ToastRegion,
  type ToastRegionProps,
} from "./toast.view.tsx";
export { StyleDocument, useStylesheet } from "./use-stylesheet.ts";
