/**
 * The kit's own messages: the source of truth for `messages/en-US.json`. A test fails when the
 * en-US catalogue and these definitions drift apart, and another when any locale lacks one of
 * them; `pseudo.ts` regenerates the pseudo-locale from en-US.
 *
 * Component views add their own `defineMessages` blocks next to their code; the catalogue
 * test reads every en-US id the same way.
 */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

/**
 * The arguments of each message, so `formatMessage` checks its `values` at compile time.
 * A type, not an interface: defineMessages needs the implicit index signature.
 */
type KitMessageValues = {
  loading: None;
  retry: None;
  close: None;
  dismiss: None;
  paginationLabel: None;
  previousPage: None;
  nextPage: None;
  resultCount: { count: number };
  noResults: None;
  somethingWentWrong: None;
  tryAgain: None;
  fieldRequired: None;
  fieldInvalid: None;
  fieldInvalidEmail: None;
  fieldTooShort: { min: number };
  fieldTooLong: { max: number };
  opensInNewTab: None;
};

export const kitMessages = defineMessages<KitMessageValues>({
  loading: {
    id: "kit.loading",
    defaultMessage: "Loading…",
    description: "Accessible label of a spinner and text of a loading placeholder",
  },
  retry: {
    id: "kit.retry",
    defaultMessage: "Retry",
    description: "Button that repeats a request that failed",
  },
  close: {
    id: "kit.close",
    defaultMessage: "Close",
    description: "Button that closes a dialog or drawer",
  },
  dismiss: {
    id: "kit.dismiss",
    defaultMessage: "Dismiss",
    description: "Button that hides a banner",
  },
  paginationLabel: {
    id: "kit.pagination.label",
    defaultMessage: "Pagination",
    description: "Accessible name of the navigation region with previous/next page buttons",
  },
  previousPage: {
    id: "kit.pagination.previous",
    defaultMessage: "Previous page",
    description: "Button that shows the previous page of a list",
  },
  nextPage: {
    id: "kit.pagination.next",
    defaultMessage: "Next page",
    description: "Button that shows the next page of a list",
  },
  resultCount: {
    id: "kit.pagination.resultCount",
    defaultMessage: "{count, plural, one {# result} other {# results}}",
    description: "Number of rows shown on the current page of a list",
  },
  noResults: {
    id: "kit.empty.noResults",
    defaultMessage: "No results",
    description: "Title of an empty list",
  },
  somethingWentWrong: {
    id: "kit.error.generic",
    defaultMessage: "Something went wrong",
    description: "Title of an error banner when the cause cannot be shown",
  },
  tryAgain: {
    id: "kit.error.tryAgain",
    defaultMessage: "Please try again.",
    description: "Advice under an error title",
  },
  fieldRequired: {
    id: "kit.field.required",
    defaultMessage: "This field is required.",
    description: "Error under an empty required form field",
  },
  fieldInvalid: {
    id: "kit.field.invalid",
    defaultMessage: "Enter a valid value.",
    description: "Error under a form field whose value has the wrong format",
  },
  fieldInvalidEmail: {
    id: "kit.field.invalidEmail",
    defaultMessage: "Enter a valid email address.",
    description: "Error under an email field",
  },
  fieldTooShort: {
    id: "kit.field.tooShort",
    defaultMessage: "Enter at least {min, number} characters.",
    description: "Error under a text field whose value is too short",
  },
  fieldTooLong: {
    id: "kit.field.tooLong",
    defaultMessage: "Enter at most {max, number} characters.",
    description: "Error under a text field whose value is too long",
  },
  opensInNewTab: {
    id: "kit.link.newTab",
    defaultMessage: "(opens in a new tab)",
    description: "Hidden text after a link that opens a new tab, for screen readers",
  },
});

export type KitMessageKey = keyof typeof kitMessages;
