/** The kit: pure views that take values and callbacks, styled only by the theme's variables. */
export { Badge, type BadgeProps, type BadgeStatus } from "./badge.view.tsx";
export { Banner, type BannerProps, type BannerStatus } from "./banner.view.tsx";
export { Button, type ButtonProps, type ButtonVariant } from "./button.view.tsx";
export { EmptyState, type EmptyStateProps } from "./empty-state.view.tsx";
export { DateTime, type DateTimeProps, Money, type MoneyProps } from "./format.view.tsx";
export { kitStylesheet } from "./kit.css.ts";
export { Link, type LinkProps } from "./link.view.tsx";
export { Pagination, type PaginationProps } from "./pagination.view.tsx";
export { Skeleton, type SkeletonProps } from "./skeleton.view.tsx";
export { Spinner, type SpinnerProps } from "./spinner.view.tsx";
export { Table, type TableColumn, type TableProps } from "./table.view.tsx";
export {
  type FieldError,
  TextField,
  type TextFieldProps,
  useFieldErrorText,
} from "./text-field.view.tsx";
