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
  listExport: None;
  listExportFailed: None;
  paginationLabel: None;
  stepProgress: { current: number; total: number };
  stepBack: None;
  stepContinue: None;
  stepSaveForLater: None;
  stepSavedTitle: None;
  stepResume: None;
  previousPage: None;
  nextPage: None;
  resultCount: { count: number };
  noResults: None;
  somethingWentWrong: None;
  rateLimited: None;
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
  transitNumber: None;
  institutionNumber: None;
  bsb: None;
  bankCode: None;
  branchCode: None;
  bankNumberInvalid: { example: string };
  taxIdInvalid: None;
  comboboxNoOptions: None;
  errorSummaryTitle: None;
  cancel: None;
  confirmAmount: None;
  formNetworkError: None;
  formPermissionError: None;
  formInvalid: None;
  addressCountry: None;
  addressLine1: None;
  addressLine2: None;
  addressCity: None;
  addressTown: None;
  addressSuburb: None;
  addressState: None;
  addressProvince: None;
  addressCounty: None;
  addressPrefecture: None;
  addressPostalCode: None;
  addressZip: None;
  addressPostalCodeInvalid: { example: string };
  fileChoose: None;
  fileDrop: None;
  fileAccepts: { types: string; size: string };
  fileTooLarge: { size: string };
  fileWrongType: None;
  fileUploading: { name: string };
  fileUploaded: { name: string };
  fileFailed: { name: string };
  fileCancel: None;
  fileCancelled: { name: string };
  filterLabel: None;
  filterClearAll: None;
  filterApply: None;
  filterRemove: { label: string };
  filterCondition: None;
  filterEqual: None;
  filterBetween: None;
  filterGreater: None;
  filterLess: None;
  filterFrom: None;
  filterTo: None;
  filterBefore: None;
  filterAfter: None;
  filterMetadataKey: None;
  filterMetadataValue: None;
  chartSummary: { start: string; end: string; min: string; max: string; latest: string };
  chartTable: None;
  chartDay: None;
  chartWeek: None;
  chartMonth: None;
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
  listExport: {
    id: "kit.listExport",
    defaultMessage: "Export CSV",
    description: "Button above a list: download the filtered list as a CSV file",
  },
  listExportFailed: {
    id: "kit.listExportFailed",
    defaultMessage: "The export could not be downloaded.",
    description: "Shown above a list when its CSV export failed",
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
  stepProgress: {
    id: "kit.steps.progress",
    defaultMessage: "Step {current} of {total}",
    description: "Where the person is in a multi-step flow (onboarding)",
  },
  stepBack: {
    id: "kit.steps.back",
    defaultMessage: "Back",
    description: "Button that shows the previous step of a multi-step flow",
  },
  stepContinue: {
    id: "kit.steps.continue",
    defaultMessage: "Continue",
    description: "Button that saves the step shown and goes to the next one",
  },
  stepSaveForLater: {
    id: "kit.steps.saveForLater",
    defaultMessage: "Save for later",
    description: "Button that leaves a multi-step flow, keeping what was saved, to finish later",
  },
  stepSavedTitle: {
    id: "kit.steps.savedTitle",
    defaultMessage: "Saved for later",
    description: "Title shown after the person left a multi-step flow to finish it later",
  },
  stepResume: {
    id: "kit.steps.resume",
    defaultMessage: "Resume",
    description: "Button that returns to a multi-step flow where the person left it",
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
  rateLimited: {
    id: "kit.error.rateLimited",
    defaultMessage: "Too many requests right now. Wait a few seconds, then try again.",
    description:
      "Shown in place of a list, or as a form's error, when the API answered that too many requests were made (HTTP 429) after retrying by itself; a Try again button or the form's submit follows",
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
  transitNumber: {
    id: "kit.bank.transitNumber",
    defaultMessage: "Transit number",
    description: "Label of the 5-digit branch transit number of a Canadian bank account",
  },
  institutionNumber: {
    id: "kit.bank.institutionNumber",
    defaultMessage: "Institution number",
    description: "Label of the 3-digit financial institution number of a Canadian bank account",
  },
  bsb: {
    id: "kit.bank.bsb",
    defaultMessage: "BSB",
    description:
      "Label of the 6-digit Bank-State-Branch number of an Australian bank account (keep the acronym BSB)",
  },
  bankCode: {
    id: "kit.bank.bankCode",
    defaultMessage: "Bank code",
    description: "Label of the 4-digit bank code of a Japanese bank account",
  },
  branchCode: {
    id: "kit.bank.branchCode",
    defaultMessage: "Branch code",
    description: "Label of the 3-digit branch code of a Japanese bank account",
  },
  bankNumberInvalid: {
    id: "kit.bank.numberInvalid",
    defaultMessage: "Enter a number like {example}.",
    description:
      "Error under a bank code field (transit, institution, BSB, bank or branch code); example is a sample value such as 123-456",
  },
  taxIdInvalid: {
    id: "kit.taxId.invalid",
    defaultMessage: "Enter a valid tax ID.",
    description: "Error under a tax id field (the field's help shows the expected format)",
  },
  comboboxNoOptions: {
    id: "kit.combobox.noOptions",
    defaultMessage: "No matches",
    description:
      "Shown in an open combobox (a searchable list) when nothing matches what was typed",
  },
  errorSummaryTitle: {
    id: "kit.errorSummary.title",
    defaultMessage: "There is a problem with this form",
    description:
      "Title of the list of field errors shown at the top of a form after a failed submit",
  },
  cancel: {
    id: "kit.cancel",
    defaultMessage: "Cancel",
    description: "Button that closes a confirmation dialog without doing what it asks about",
  },
  confirmAmount: {
    id: "kit.confirm.amount",
    defaultMessage: "Amount",
    description: "Label of the amount in a dialog confirming a money action (a refund, a capture)",
  },
  formNetworkError: {
    id: "kit.form.networkError",
    defaultMessage: "The request could not reach the server. Check your connection and try again.",
    description: "Error of a form whose submit got no answer (network failure or lost answer)",
  },
  formPermissionError: {
    id: "kit.form.permissionError",
    defaultMessage: "You are not allowed to do this.",
    description: "Error of a form whose submit the provider refused as not permitted",
  },
  formInvalid: {
    id: "kit.form.invalid",
    defaultMessage:
      "Some of the values in this form do not fit together. Check them and try again.",
    description: "Error of a form whose values are each valid but not valid together",
  },
  addressCountry: {
    id: "kit.address.country",
    defaultMessage: "Country",
    description: "Label of the country select of an address",
  },
  addressLine1: {
    id: "kit.address.line1",
    defaultMessage: "Address",
    description: "Label of the first street line of an address (street and number)",
  },
  addressLine2: {
    id: "kit.address.line2",
    defaultMessage: "Apartment, suite, etc. (optional)",
    description: "Label of the optional second line of an address",
  },
  addressCity: {
    id: "kit.address.city",
    defaultMessage: "City",
    description: "Label of the city field of an address",
  },
  addressTown: {
    id: "kit.address.town",
    defaultMessage: "Town or city",
    description: "Label of the city field of a UK address",
  },
  addressSuburb: {
    id: "kit.address.suburb",
    defaultMessage: "Suburb",
    description: "Label of the city field of an Australian address",
  },
  addressState: {
    id: "kit.address.state",
    defaultMessage: "State or territory",
    description:
      "Label of the state field of a US or Australian address (both also have territories)",
  },
  addressProvince: {
    id: "kit.address.province",
    defaultMessage: "Province or territory",
    description: "Label of the province or territory field of a Canadian address",
  },
  addressCounty: {
    id: "kit.address.county",
    defaultMessage: "County (optional)",
    description: "Label of the optional county field of a UK address",
  },
  addressPrefecture: {
    id: "kit.address.prefecture",
    defaultMessage: "Prefecture",
    description: "Label of the prefecture field of a Japanese address",
  },
  addressPostalCode: {
    id: "kit.address.postalCode",
    defaultMessage: "Postal code",
    description:
      "Label of the postal code field of an address (in British and Australian English: Postcode)",
  },
  addressZip: {
    id: "kit.address.zip",
    defaultMessage: "ZIP code",
    description: "Label of the postal code field of a US address",
  },
  addressPostalCodeInvalid: {
    id: "kit.address.postalCodeInvalid",
    defaultMessage: "Enter a valid postal code, such as {example}.",
    description: "Error under a postal code field; {example} is a valid code of the chosen country",
  },
  fileChoose: {
    id: "kit.file.choose",
    defaultMessage: "Choose a file",
    description: "Button that opens the file picker of an upload field",
  },
  fileDrop: {
    id: "kit.file.drop",
    defaultMessage: "or drop it here",
    description: "Text beside the choose-a-file button: a file can also be dragged onto the field",
  },
  fileAccepts: {
    id: "kit.file.accepts",
    defaultMessage: "{types}, up to {size}",
    description:
      "Help of an upload field; {types} lists the accepted file types, {size} the largest size (e.g. 10 MB)",
  },
  fileTooLarge: {
    id: "kit.file.tooLarge",
    defaultMessage: "The file is too large. The limit is {size}.",
    description: "Error of an upload field; {size} is the largest accepted size (e.g. 10 MB)",
  },
  fileWrongType: {
    id: "kit.file.wrongType",
    defaultMessage: "This type of file is not accepted.",
    description: "Error of an upload field given a file of a type it does not take",
  },
  fileUploading: {
    id: "kit.file.uploading",
    defaultMessage: "Uploading {name}",
    description: "Accessible name of an upload's progress bar; {name} is the file name",
  },
  fileUploaded: {
    id: "kit.file.uploaded",
    defaultMessage: "{name} uploaded",
    description: "Status after a file finished uploading; {name} is the file name",
  },
  fileFailed: {
    id: "kit.file.failed",
    defaultMessage: "{name} could not be uploaded.",
    description: "Error after an upload failed; {name} is the file name",
  },
  fileCancel: {
    id: "kit.file.cancel",
    defaultMessage: "Cancel upload",
    description: "Button that stops a file upload in progress",
  },
  fileCancelled: {
    id: "kit.file.cancelled",
    defaultMessage: "Upload of {name} cancelled.",
    description: "Status after the user stopped an upload; {name} is the file name",
  },
  filterLabel: {
    id: "kit.filter.label",
    defaultMessage: "Filter the list",
    description: "Accessible name of the bar of list filters",
  },
  filterClearAll: {
    id: "kit.filter.clearAll",
    defaultMessage: "Clear all",
    description: "Button that removes every filter of a list",
  },
  filterApply: {
    id: "kit.filter.apply",
    defaultMessage: "Apply",
    description: "Button in a filter editor that applies the filter to the list",
  },
  filterRemove: {
    id: "kit.filter.remove",
    defaultMessage: "Remove filter: {label}",
    description:
      "Accessible name of the button that removes one filter; {label} is the filter's name (e.g. Amount)",
  },
  filterCondition: {
    id: "kit.filter.condition",
    defaultMessage: "Comparison",
    description: "Label of the select choosing how an amount or date filter compares",
  },
  filterEqual: {
    id: "kit.filter.equal",
    defaultMessage: "is equal to",
    description: "Amount filter condition: the amount equals a value",
  },
  filterBetween: {
    id: "kit.filter.between",
    defaultMessage: "is between",
    description: "Amount filter condition: the amount lies between two values",
  },
  filterGreater: {
    id: "kit.filter.greater",
    defaultMessage: "is greater than",
    description: "Amount filter condition: the amount is more than a value",
  },
  filterLess: {
    id: "kit.filter.less",
    defaultMessage: "is less than",
    description: "Amount filter condition: the amount is less than a value",
  },
  filterFrom: {
    id: "kit.filter.from",
    defaultMessage: "From",
    description: "Label of the lower bound of an amount range filter",
  },
  filterTo: {
    id: "kit.filter.to",
    defaultMessage: "Up to",
    description: "Label of the upper bound of an amount range filter",
  },
  filterBefore: {
    id: "kit.filter.before",
    defaultMessage: "is before",
    description: "Date filter condition: the date is earlier than a day",
  },
  filterAfter: {
    id: "kit.filter.after",
    defaultMessage: "is after",
    description: "Date filter condition: the date is later than a day",
  },
  filterMetadataKey: {
    id: "kit.filter.metadataKey",
    defaultMessage: "Metadata key",
    description: "Label of the key field of a metadata filter (metadata are key-value pairs)",
  },
  filterMetadataValue: {
    id: "kit.filter.metadataValue",
    defaultMessage: "Value",
    description: "Label of the value field of a metadata filter",
  },
  chartSummary: {
    id: "kit.chart.summary",
    defaultMessage: "{start} to {end}: lowest {min}, highest {max}, latest {latest}.",
    description: "Text summary of a chart of amounts over time; dates and formatted amounts",
  },
  chartTable: {
    id: "kit.chart.table",
    defaultMessage: "Show the data as a table",
    description: "Disclosure that shows a chart's values as a table",
  },
  chartDay: {
    id: "kit.chart.day",
    defaultMessage: "Day",
    description: "Header of the day column of the data table of a chart with one value per day",
  },
  chartWeek: {
    id: "kit.chart.week",
    defaultMessage: "Week starting",
    description:
      "Header of the first column of the data table of a chart with one value per week; each row shows the first day of its week",
  },
  chartMonth: {
    id: "kit.chart.month",
    defaultMessage: "Month",
    description: "Header of the month column of the data table of a chart with one value per month",
  },
});

export type KitMessageKey = keyof typeof kitMessages;
