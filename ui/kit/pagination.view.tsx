import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { Button } from "./button.view.tsx";

export interface PaginationProps {
  /** Keyset pagination: the list knows only whether a page exists before and after this one. */
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** Rows on this page, announced politely when it changes. */
  count?: number;
  /** A page is loading: the buttons ignore clicks but keep focus. */
  loading?: boolean;
  /**
   * The navigation landmark's name, when a screen has more than one paginated list (landmark
   * names must be unique); defaults to "Pagination" in the user's language.
   */
  label?: string;
}

/** Previous/next controls of a keyset-paginated list (`starting_after` / `ending_before`). */
export function Pagination({
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  count,
  loading = false,
  label,
}: PaginationProps) {
  const intl = useIntl();
  return (
    <nav
      className="kit-pagination"
      aria-label={label ?? intl.formatMessage(kitMessages.paginationLabel)}
    >
      {count === undefined ? null : (
        <span className="kit-secondary-text" aria-live="polite">
          {intl.formatMessage(kitMessages.resultCount, { count })}
        </span>
      )}
      <div className="kit-pagination__buttons">
        <Button disabled={!hasPrevious} loading={loading && hasPrevious} onClick={onPrevious}>
          {intl.formatMessage(kitMessages.previousPage)}
        </Button>
        <Button disabled={!hasNext} loading={loading && hasNext} onClick={onNext}>
          {intl.formatMessage(kitMessages.nextPage)}
        </Button>
      </div>
    </nav>
  );
}
