/**
 * The UI library page (the internal `debug-ui-library` tool): every kit primitive in every
 * state, on one page, so browser tests can run axe over it and screenshot it in the
 * pseudo-locale, light and dark. The caller provides the locale (I18nProvider) and the theme
 * (createThemeApplier); this view only lays the primitives out.
 *
 * Section titles are for the provider's own engineers and stay English; everything a
 * primitive says comes from the catalogues, so the pseudo-locale shows every kit string.
 */

import { useState } from "react";
import { useIntl } from "react-intl";
import { paymentsFilterSpec } from "../../protocol/filters.ts";
import { type KitMessageKey, kitMessages } from "../i18n/messages.ts";
import { Chart, type ChartPoint } from "../kit/chart.view.tsx";
import {
  type Address,
  AddressInput,
  Badge,
  Banner,
  Button,
  Combobox,
  type ComboboxOption,
  DateInput,
  type DateRange,
  DateRangeInput,
  DateTime,
  DescriptionList,
  EmptyState,
  ErrorSummary,
  FileUpload,
  FileUploadView,
  FilterBar,
  type FilterDefinition,
  type FilterValues,
  FormLayout,
  filterDefinitions,
  IbanInput,
  Link,
  LocalBankAccountInput,
  Money,
  MoneyInput,
  NumberInput,
  Overlay,
  type OverlayPresentation,
  Pagination,
  PhoneInput,
  Select,
  Skeleton,
  Spinner,
  Table,
  Tabs,
  TaxIdInput,
  TextField,
  Timeline,
  type ToastItem,
  ToastRegion,
  type UsBankAccount,
  UsBankAccountInput,
} from "../kit/index.ts";
import { VirtualTable } from "../kit/virtual-table.view.tsx";
import { LibraryForms } from "./library-forms.view.tsx";
import { readFileLocally, Section } from "./parts.tsx";

interface SampleRow {
  id: string;
  amount: number;
  currency: string;
  created: number;
  status: "succeeded" | "refunded" | "disputed" | "failed";
}

/** Fixed sample data: the page must render identically on every run (screenshots). */
const sampleRows: SampleRow[] = [
  { id: "ch_3N1", amount: 123456, currency: "usd", created: 1704467045, status: "succeeded" },
  { id: "ch_3N2", amount: -2500, currency: "eur", created: 1704380645, status: "refunded" },
  { id: "ch_3N3", amount: 500000, currency: "jpy", created: 1704207845, status: "disputed" },
  { id: "ch_3N4", amount: 1234, currency: "bhd", created: 1703207845, status: "failed" },
];
const statusBadge = {
  succeeded: "success",
  refunded: "neutral",
  disputed: "warning",
  failed: "danger",
} as const;
const sampleNow = 1704553445;

const sampleCities: ComboboxOption[] = [
  { value: "ams", label: "Amsterdam" },
  { value: "ber", label: "Berlin" },
  { value: "bog", label: "Bogotá" },
  { value: "lis", label: "Lisbon", disabled: true },
  { value: "sao", label: "São Paulo" },
  { value: "tok", label: "Tokyo" },
];

/** Async options as a search endpoint would answer them (here from the fixed list). */
const searchCities = (query: string) =>
  new Promise<readonly ComboboxOption[]>((resolve) => {
    const q = query.trim().toLowerCase();
    setTimeout(() => resolve(sampleCities.filter((c) => c.label.toLowerCase().includes(q))), 150);
  });

/** 30 fixed days of volume, deterministic (screenshots), as minor units. */
const samplePoints: ChartPoint[] = Array.from({ length: 30 }, (_, i) => ({
  seconds: Date.UTC(2024, 0, i + 1) / 1000,
  amount: 250000 + Math.round(120000 * Math.sin(i / 3)) + i * 4000,
}));

interface LongRow {
  id: string;
  amount: number;
  created: number;
}
/** Deterministic rows for the long list: as many as asked, from `from`. */
const longRows = (from: number, count: number): LongRow[] =>
  Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return {
      id: `py_${String(i + 1).padStart(5, "0")}`,
      amount: ((i * 7919) % 100000) + 100,
      created: 1704467045 - i * 3600,
    };
  });

const uploadRules = {
  accept: ["application/pdf", "image/png", "image/jpeg"],
  maxBytes: 10_000_000,
};

/**
 * The filter bar's sample filters: the payments list's spec (protocol/filters.ts); their
 * names come from the catalogue like every string.
 */
const sampleFilters = (
  t: (key: "retry" | "loading" | "close" | "dismiss" | "nextPage") => string,
): FilterDefinition[] =>
  filterDefinitions(paymentsFilterSpec, [
    { name: "amount", label: t("retry"), currency: "usd" },
    { name: "created", label: t("loading") },
    {
      name: "status",
      label: t("close"),
      optionLabels: { succeeded: t("retry"), refunded: t("dismiss"), failed: t("loading") },
    },
    { name: "payment_method", label: t("dismiss"), optionLabels: { card: t("nextPage") } },
    { name: "customer_email", label: t("nextPage") },
  ]);

export interface LibraryViewProps {
  /** Pins relative times and date zones so screenshots are stable. */
  timeZone?: string;
}

export function LibraryView({ timeZone = "UTC" }: LibraryViewProps) {
  const intl = useIntl();
  // Only the kit's messages that take no arguments.
  const t = (
    key: Exclude<
      KitMessageKey,
      | "resultCount"
      | "stepProgress"
      | "fieldTooShort"
      | "fieldTooLong"
      | "fieldTooSmall"
      | "fieldTooLarge"
      | "dateTooEarly"
      | "dateTooLate"
      | "addressPostalCodeInvalid"
      | "fileAccepts"
      | "fileTooLarge"
      | "fileUploading"
      | "fileUploaded"
      | "fileFailed"
      | "fileCancelled"
      | "filterRemove"
      | "chartSummary"
      | "bankNumberInvalid"
    >,
  ) => intl.formatMessage(kitMessages[key]);
  const [text, setText] = useState("");
  const [page, setPage] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const [choice, setChoice] = useState("");
  const [amount, setAmount] = useState<number | null>(123456);
  const [count, setCount] = useState<number | null>(3);
  // Out of bounds at first (the error state); a date input is several Tab stops in Chromium,
  // so the page shows three, not more, to stay within the keyboard test's walk.
  const [date, setDate] = useState("2023-12-01");
  const [range, setRange] = useState<DateRange>({ start: "2024-01-10", end: "2024-01-05" });
  const [phone, setPhone] = useState<string | null>("+14155552671");
  const [iban, setIban] = useState<string | null>("DE89370400440532013000");
  const [bank, setBank] = useState<UsBankAccount>({
    routingNumber: "011000015",
    accountNumber: null,
  });
  const [jpBank, setJpBank] = useState<UsBankAccount>({
    routingNumber: "0001123",
    accountNumber: "0001234",
  });
  const [taxId, setTaxId] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<OverlayPresentation | null>(null);
  const [tab, setTab] = useState("first");
  const [city, setCity] = useState("ber");
  const [asyncCity, setAsyncCity] = useState("");
  const [address, setAddress] = useState<Address>({
    country: "US",
    line1: "510 Townsend St",
    line2: "",
    city: "San Francisco",
    state: "CA",
    postalCode: "94103",
  });
  const [ukAddress, setUkAddress] = useState<Address>({
    country: "GB",
    line1: "10 Downing St",
    line2: "",
    city: "London",
    state: "",
    postalCode: "SW1A",
  });
  const [filters, setFilters] = useState<FilterValues>({
    amount: { greater_than: 1000 },
    status: ["succeeded", "refunded"],
  });
  const [formName, setFormName] = useState("");
  const [formEmail, setFormEmail] = useState("not-an-email");
  const [failedSubmits, setFailedSubmits] = useState(0);
  const [longList, setLongList] = useState(() => longRows(0, 2000));
  const [loadingMore, setLoadingMore] = useState(false);
  // Ids only: the text is looked up at render, so a locale switch re-words the toasts.
  const [toastIds, setToastIds] = useState(["toast-0"]);
  const toasts: ToastItem[] = toastIds.map((id, i) =>
    i === 0 ? { id, message: t("retry"), status: "success" } : { id, message: t("tryAgain") },
  );

  // Column headers are the sample objects' API field names, not words: every word on the page
  // comes from a catalogue, so the pseudo-locale shows any that is hard-coded.
  const columns = [
    { id: "id", header: <code>id</code>, cell: (r: SampleRow) => <code>{r.id}</code> },
    {
      id: "amount",
      header: <code>amount</code>,
      align: "end" as const,
      cell: (r: SampleRow) => <Money amount={r.amount} currency={r.currency} />,
    },
    {
      id: "status",
      header: <code>status</code>,
      cell: (r: SampleRow) => <Badge status={statusBadge[r.status]}>{r.status}</Badge>,
    },
    {
      id: "created",
      header: <code>created</code>,
      cell: (r: SampleRow) => (
        <DateTime seconds={r.created} format="datetime" timeZone={timeZone} />
      ),
    },
  ];

  return (
    <main className="kit-library">
      <h1 className="kit-heading-xl">UI library</h1>

      <Section title="Typography">
        <p className="kit-heading-xl">{t("somethingWentWrong")}</p>
        <p className="kit-heading-lg">{t("somethingWentWrong")}</p>
        <p className="kit-heading-md">{t("somethingWentWrong")}</p>
        <p className="kit-heading-sm">{t("somethingWentWrong")}</p>
        <p className="kit-heading-xs">{t("somethingWentWrong")}</p>
        <p className="kit-body-md">{t("tryAgain")}</p>
        <p className="kit-body-sm kit-secondary-text">{t("tryAgain")}</p>
        <p className="kit-label-md">{t("noResults")}</p>
        <p className="kit-label-sm">{t("noResults")}</p>
      </Section>

      <Section title="Buttons">
        <Button variant="primary">{t("retry")}</Button>
        <Button variant="secondary">{t("close")}</Button>
        <Button variant="danger">{t("dismiss")}</Button>
        <Button variant="primary" disabled>
          {t("retry")}
        </Button>
        <Button variant="primary" loading>
          {t("retry")}
        </Button>
        <Button variant="secondary" loading>
          {t("close")}
        </Button>
      </Section>

      <Section title="Links">
        <Link href="#primary">{t("nextPage")}</Link>
        <Link href="#secondary" variant="secondary">
          {t("previousPage")}
        </Link>
        <Link href="https://example.com/" external>
          {t("retry")}
        </Link>
        <Link onClick={() => {}}>{t("dismiss")}</Link>
      </Section>

      <Section title="Badges">
        <Badge status="neutral">{t("noResults")}</Badge>
        <Badge status="success">{t("retry")}</Badge>
        <Badge status="warning" description={t("tryAgain")}>
          {t("loading")}
        </Badge>
        <Badge status="danger">{t("somethingWentWrong")}</Badge>
      </Section>

      <Section title="Banners">
        <Banner status="info" title={t("loading")} />
        <Banner status="success" title={t("retry")}>
          {t("tryAgain")}
        </Banner>
        <Banner
          status="warning"
          title={t("fieldRequired")}
          actions={<Link onClick={() => {}}>{t("nextPage")}</Link>}
        />
        {dismissed ? null : (
          <Banner
            status="danger"
            title={t("somethingWentWrong")}
            actions={<Button>{t("retry")}</Button>}
            onDismiss={() => setDismissed(true)}
          >
            {t("tryAgain")}
          </Banner>
        )}
      </Section>

      <Section title="Loading">
        <Spinner />
        <Spinner size="lg" />
        <Skeleton lines={3} />
      </Section>

      <Section title="Empty state">
        <EmptyState description={t("tryAgain")} action={<Button>{t("retry")}</Button>} />
      </Section>

      <Section title="Text fields">
        <TextField label={t("close")} value={text} onChange={setText} />
        <TextField
          label={t("dismiss")}
          description={t("tryAgain")}
          value=""
          placeholder={t("loading")}
          onChange={() => {}}
        />
        <TextField
          label={t("retry")}
          type="email"
          value="not-an-email"
          error={{ code: "invalid_email" }}
          onChange={() => {}}
        />
        <TextField
          label={t("nextPage")}
          value="ab"
          error={{ code: "too_short", min: 3 }}
          onChange={() => {}}
        />
        <TextField label={t("previousPage")} value="" disabled onChange={() => {}} />
      </Section>

      <Section title="Selects and amounts">
        <Select
          label={t("close")}
          value={choice}
          onChange={setChoice}
          placeholder={t("loading")}
          options={[
            { value: "next", label: t("nextPage") },
            { value: "previous", label: t("previousPage") },
            { value: "retry", label: t("retry"), disabled: true },
          ]}
        />
        <Select
          label={t("dismiss")}
          value=""
          onChange={() => {}}
          placeholder={t("noResults")}
          options={[{ value: "retry", label: t("retry") }]}
          error={{ code: "required" }}
          required
        />
        <Select
          label={t("retry")}
          value="a"
          onChange={() => {}}
          options={[{ value: "a", label: t("tryAgain") }]}
          disabled
        />
        <MoneyInput label={t("retry")} currency="usd" value={amount} onValueChange={setAmount} />
        <MoneyInput label={t("nextPage")} currency="jpy" value={500000} onValueChange={() => {}} />
        <MoneyInput
          label={t("previousPage")}
          currency="eur"
          value={null}
          onValueChange={() => {}}
          error={{ code: "invalid" }}
        />
        <NumberInput label={t("loading")} value={count} min={1} max={10} onValueChange={setCount} />
      </Section>

      <Section title="Dates and phones">
        <DateInput
          label={t("retry")}
          value={date}
          min="2024-01-01"
          max="2024-12-31"
          onValueChange={setDate}
        />
        <DateRangeInput label={t("loading")} value={range} onValueChange={setRange} />
        <PhoneInput
          label={t("dismiss")}
          defaultCountry="US"
          value={phone}
          onValueChange={setPhone}
        />
        <PhoneInput
          label={t("nextPage")}
          defaultCountry="DE"
          value={null}
          onValueChange={() => {}}
          error={{ code: "required" }}
          required
        />
      </Section>

      <Section title="Bank accounts and tax ids">
        <IbanInput label={t("retry")} value={iban} onValueChange={setIban} />
        <IbanInput
          label={t("close")}
          value={null}
          onValueChange={() => {}}
          error={{ code: "custom", message: t("ibanInvalid") }}
        />
        <UsBankAccountInput label={t("loading")} value={bank} onValueChange={setBank} />
        <LocalBankAccountInput
          format="jp"
          label={t("dismiss")}
          value={jpBank}
          onValueChange={setJpBank}
        />
        <LocalBankAccountInput
          format="ca"
          label={t("cancel")}
          value={{ routingNumber: null, accountNumber: null }}
          onValueChange={() => {}}
          errors={{
            routing: {
              code: "custom",
              message: intl.formatMessage(kitMessages.bankNumberInvalid, { example: "12345" }),
            },
          }}
        />
        <TaxIdInput kind="us_ein" label={t("nextPage")} value={taxId} onValueChange={setTaxId} />
        <TaxIdInput
          kind="gb_vat"
          label={t("previousPage")}
          value={null}
          onValueChange={() => {}}
          error={{ code: "custom", message: t("taxIdInvalid") }}
        />
      </Section>

      <Section title="Money and dates">
        <Money amount={123456} currency="usd" />
        <Money amount={-123456} currency="eur" />
        <Money amount={500000} currency="jpy" />
        <Money amount={1234} currency="kwd" />
        <Money amount={2500} currency="usd" signDisplay="exceptZero" />
        <DateTime seconds={1704467045} timeZone={timeZone} />
        <DateTime seconds={1704467045} format="datetime" timeZone={timeZone} />
        <DateTime
          seconds={1704467045}
          format="relative"
          nowSeconds={sampleNow}
          timeZone={timeZone}
        />
      </Section>

      <Section title="Tables">
        <Table
          caption="Payments"
          columns={columns}
          rows={page === 0 ? sampleRows.slice(0, 2) : sampleRows.slice(2)}
          rowKey={(r) => r.id}
          onRowActivate={() => {}}
          rowLabel={(r) => r.id}
          pagination={{
            hasPrevious: page > 0,
            hasNext: page === 0,
            onPrevious: () => setPage(0),
            onNext: () => setPage(1),
            count: 2,
          }}
        />
        <Table caption="Loading" columns={columns} rows={[]} rowKey={(r) => r.id} loading />
        <Table caption="Empty" columns={columns} rows={[]} rowKey={(r) => r.id} />
        <Pagination
          label="Loading pagination"
          hasPrevious
          hasNext={false}
          onPrevious={() => {}}
          onNext={() => {}}
          loading
        />
      </Section>

      <Section title="Overlays">
        <Button onClick={() => setOverlay("dialog")}>{t("nextPage")}</Button>
        <Button onClick={() => setOverlay("drawer")}>{t("previousPage")}</Button>
        <Overlay
          open={overlay !== null}
          onOpenChange={(open) => {
            if (!open) setOverlay(null);
          }}
          presentation={overlay ?? "dialog"}
          title={t("somethingWentWrong")}
          description={t("tryAgain")}
          actions={
            <>
              <Button onClick={() => setOverlay(null)}>{t("dismiss")}</Button>
              <Button variant="primary" onClick={() => setOverlay(null)}>
                {t("retry")}
              </Button>
            </>
          }
        >
          <TextField label={t("close")} value={text} onChange={setText} />
        </Overlay>
      </Section>

      <Section title="Tabs">
        <Tabs
          label={t("paginationLabel")}
          value={tab}
          onValueChange={setTab}
          items={[
            { id: "first", label: t("previousPage"), content: <p>{t("tryAgain")}</p> },
            { id: "second", label: t("nextPage"), content: <p>{t("noResults")}</p> },
            { id: "third", label: t("loading"), content: <Skeleton lines={2} />, disabled: true },
          ]}
        />
      </Section>

      <Section title="Description lists">
        <DescriptionList
          items={[
            {
              id: "amount",
              term: t("retry"),
              description: <Money amount={123456} currency="usd" />,
            },
            {
              id: "status",
              term: t("loading"),
              description: <Badge status="success">{t("retry")}</Badge>,
            },
            {
              id: "date",
              term: t("close"),
              description: <DateTime seconds={1704467045} timeZone={timeZone} />,
            },
          ]}
        />
        <DescriptionList
          layout="stacked"
          items={[{ id: "note", term: t("dismiss"), description: t("tryAgain") }]}
        />
      </Section>

      <Section title="Timelines">
        <Timeline
          label={t("loading")}
          timeZone={timeZone}
          events={[
            { id: "e3", title: t("somethingWentWrong"), seconds: 1704553445, status: "danger" },
            { id: "e2", title: t("loading"), seconds: 1704467045, status: "warning" },
            {
              id: "e1",
              title: t("retry"),
              seconds: 1704380645,
              status: "success",
              description: t("tryAgain"),
            },
            { id: "e0", title: t("noResults"), seconds: 1704207845 },
          ]}
        />
      </Section>

      <Section title="Comboboxes">
        <Combobox label={t("close")} value={city} onChange={setCity} options={sampleCities} />
        <Combobox
          label={t("loading")}
          value={asyncCity}
          onChange={setAsyncCity}
          loadOptions={searchCities}
          valueLabel={sampleCities.find((c) => c.value === asyncCity)?.label}
        />
        <Combobox
          label={t("dismiss")}
          value=""
          onChange={() => {}}
          options={sampleCities}
          error={{ code: "required" }}
          required
        />
        <Combobox
          label={t("retry")}
          value="tok"
          onChange={() => {}}
          options={sampleCities}
          disabled
        />
      </Section>

      <Section title="Postal addresses">
        <AddressInput label={t("nextPage")} value={address} onValueChange={setAddress} />
        <AddressInput
          label={t("previousPage")}
          value={ukAddress}
          onValueChange={setUkAddress}
          errors={{
            postalCode: {
              code: "custom",
              message: intl.formatMessage(kitMessages.addressPostalCodeInvalid, {
                example: "SW1A 1AA",
              }),
            },
          }}
        />
      </Section>

      <Section title="File uploads">
        <FileUpload label={t("retry")} {...uploadRules} onUpload={readFileLocally} />
        <FileUploadView
          label={t("loading")}
          {...uploadRules}
          state={{ status: "uploading", file: { name: "receipt.pdf" }, progress: 0.4 }}
          onChoose={() => {}}
          onCancel={() => {}}
          onRetry={() => {}}
        />
        <FileUploadView
          label={t("close")}
          {...uploadRules}
          state={{ status: "uploaded", file: { name: "receipt.pdf" } }}
          onChoose={() => {}}
          onCancel={() => {}}
          onRetry={() => {}}
        />
        <FileUploadView
          label={t("dismiss")}
          {...uploadRules}
          state={{ status: "failed", file: { name: "statement.png" } }}
          onChoose={() => {}}
          onCancel={() => {}}
          onRetry={() => {}}
        />
        <FileUploadView
          label={t("nextPage")}
          {...uploadRules}
          state={{
            status: "refused",
            fileName: "scan.tiff",
            refusal: { code: "too_large", maxBytes: 10_000_000 },
          }}
          onChoose={() => {}}
          onCancel={() => {}}
          onRetry={() => {}}
        />
      </Section>

      <Section title="Forms">
        <FormLayout
          label={t("somethingWentWrong")}
          summary={
            <ErrorSummary
              failedSubmits={failedSubmits}
              errors={[
                ...(formName
                  ? []
                  : [
                      {
                        fieldId: "library-form-name",
                        label: t("close"),
                        error: { code: "required" as const },
                      },
                    ]),
                ...(formEmail.includes("@")
                  ? []
                  : [
                      {
                        fieldId: "library-form-email",
                        label: t("retry"),
                        error: { code: "invalid_email" as const },
                      },
                    ]),
              ]}
            />
          }
          actions={
            <Button variant="primary" type="submit">
              {t("retry")}
            </Button>
          }
          onSubmit={() => {
            if (!formName || !formEmail.includes("@")) setFailedSubmits((n) => n + 1);
          }}
        >
          <TextField
            id="library-form-name"
            label={t("close")}
            value={formName}
            onChange={setFormName}
            error={formName ? undefined : { code: "required" }}
            required
          />
          <TextField
            id="library-form-email"
            label={t("retry")}
            type="email"
            value={formEmail}
            onChange={setFormEmail}
            error={formEmail.includes("@") ? undefined : { code: "invalid_email" }}
          />
        </FormLayout>
      </Section>

      <LibraryForms />

      <Section title="Filter bar">
        <FilterBar filters={sampleFilters(t)} values={filters} onChange={setFilters} />
      </Section>

      <Section title="Long lists">
        <VirtualTable
          label="Long list"
          columns={[
            { id: "id", header: <code>id</code>, cell: (r: LongRow) => <code>{r.id}</code> },
            {
              id: "amount",
              header: <code>amount</code>,
              align: "end",
              cell: (r: LongRow) => <Money amount={r.amount} currency="usd" />,
            },
            {
              id: "created",
              header: <code>created</code>,
              cell: (r: LongRow) => (
                <DateTime seconds={r.created} format="datetime" timeZone={timeZone} />
              ),
            },
          ]}
          rows={longList}
          rowKey={(r) => r.id}
          totalCount={10000}
          hasMore={longList.length < 10000}
          loadingMore={loadingMore}
          onLoadMore={() => {
            setLoadingMore(true);
            setTimeout(() => {
              setLongList((rows) => [...rows, ...longRows(rows.length, 2000)]);
              setLoadingMore(false);
            }, 300);
          }}
          onRowActivate={() => {}}
        />
      </Section>

      <Section title="Charts">
        <Chart
          title={t("loading")}
          points={samplePoints}
          currency="usd"
          kind="area"
          valueLabel={t("retry")}
          timeZone={timeZone}
        />
        <Chart
          title={t("noResults")}
          points={samplePoints.slice(0, 10)}
          currency="jpy"
          valueLabel={t("close")}
          timeZone={timeZone}
        />
      </Section>

      <Section title="Toasts">
        <Button onClick={() => setToastIds((ids) => [...ids, `toast-${Date.now()}-${ids.length}`])}>
          {t("retry")}
        </Button>
        {/* Kept until dismissed: the page must render the same on every run. */}
        <ToastRegion
          toasts={toasts}
          duration={null}
          onDismiss={(id) => setToastIds((ids) => ids.filter((other) => other !== id))}
        />
      </Section>
    </main>
  );
}
