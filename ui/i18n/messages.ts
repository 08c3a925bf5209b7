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
  fieldTooManyDecimals: None;
  fieldTooSmall: { min: string };
  fieldTooLarge: { max: string };
  dateTooEarly: { min: string };
  dateTooLate: { max: string };
  dateRangeOrder: None;
  dateRangeStart: None;
  dateRangeEnd: None;
  phoneInvalid: None;
  ibanInvalid: None;
  routingNumber: None;
  routingNumberInvalid: None;
  accountNumber: None;
  accountNumberInvalid: None;
  taxIdInvalid: None;
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
  fieldTooManyDecimals: {
    id: "kit.field.tooManyDecimals",
    defaultMessage: "Too many decimal places for this currency.",
    description: "Error under an amount field with more decimals than the currency has",
  },
  fieldTooSmall: {
    id: "kit.field.tooSmall",
    defaultMessage: "Enter {min} or more.",
    description: "Error under a number or amount field; {min} is the formatted smallest value",
  },
  fieldTooLarge: {
    id: "kit.field.tooLarge",
    defaultMessage: "Enter {max} or less.",
    description: "Error under a number or amount field; {max} is the formatted largest value",
  },
  dateTooEarly: {
    id: "kit.date.tooEarly",
    defaultMessage: "Enter a date on or after {min}.",
    description: "Error under a date field; {min} is the formatted earliest date",
  },
  dateTooLate: {
    id: "kit.date.tooLate",
    defaultMessage: "Enter a date on or before {max}.",
    description: "Error under a date field; {max} is the formatted latest date",
  },
  dateRangeOrder: {
    id: "kit.dateRange.order",
    defaultMessage: "The end date must be on or after the start date.",
    description: "Error under the end date of a date range that ends before it starts",
  },
  dateRangeStart: {
    id: "kit.dateRange.start",
    defaultMessage: "Start date",
    description: "Label of the first date of a date range",
  },
  dateRangeEnd: {
    id: "kit.dateRange.end",
    defaultMessage: "End date",
    description: "Label of the last date of a date range",
  },
  phoneInvalid: {
    id: "kit.phone.invalid",
    defaultMessage: "Enter a valid phone number.",
    description: "Error under a phone number field",
  },
  ibanInvalid: {
    id: "kit.bank.ibanInvalid",
    defaultMessage: "Enter a valid IBAN.",
    description: "Error under an IBAN field (international bank account number)",
  },
  routingNumber: {
    id: "kit.bank.routingNumber",
    defaultMessage: "Routing number",
    description: "Label of the 9-digit US bank routing number field",
  },
  routingNumberInvalid: {
    id: "kit.bank.routingNumberInvalid",
    defaultMessage: "Enter a valid 9-digit routing number.",
    description: "Error under a US bank routing number field",
  },
  accountNumber: {
    id: "kit.bank.accountNumber",
    defaultMessage: "Account number",
    description: "Label of a bank account number field",
  },
  accountNumberInvalid: {
    id: "kit.bank.accountNumberInvalid",
    defaultMessage: "Enter a valid account number.",
    description: "Error under a bank account number field",
  },
  taxIdInvalid: {
    id: "kit.taxId.invalid",
    defaultMessage: "Enter a valid tax ID.",
    description: "Error under a tax id field (the field's help shows the expected format)",
  },
});

export type KitMessageKey = keyof typeof kitMessages;
