/**
 * The UI library page (the internal `debug-ui-library` tool): every kit primitive in every
 * state, on one page, so browser tests can run axe over it and screenshot it in the
 * pseudo-locale, light and dark. The caller provides the locale (I18nProvider) and the theme
 * (createThemeApplier); this view only lays the primitives out.
 *
 * Section titles are for the provider's own engineers and stay English; everything a
 * primitive says comes from the catalogues, so the pseudo-locale shows every kit string.
 */
import { type ReactNode, useState } from "react";
import { useIntl } from "react-intl";
import { type KitMessageKey, kitMessages } from "../i18n/messages.ts";
import {
  Badge,
  Banner,
  Button,
  DateTime,
  EmptyState,
  Link,
  Money,
  Pagination,
  Skeleton,
  Spinner,
  Table,
  TextField,
} from "../kit/index.ts";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="kit-library__section" aria-label={title}>
      <h2 className="kit-heading-md">{title}</h2>
      <div className="kit-library__items">{children}</div>
    </section>
  );
}

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

export interface LibraryViewProps {
  /** Pins relative times and date zones so screenshots are stable. */
  timeZone?: string;
}

export function LibraryView({ timeZone = "UTC" }: LibraryViewProps) {
  const intl = useIntl();
  // Only the kit's messages that take no arguments.
  const t = (key: Exclude<KitMessageKey, "resultCount" | "fieldTooShort" | "fieldTooLong">) =>
    intl.formatMessage(kitMessages[key]);
  const [text, setText] = useState("");
  const [page, setPage] = useState(0);
  const [dismissed, setDismissed] = useState(false);

  const columns = [
    { id: "id", header: "ID", cell: (r: SampleRow) => <code>{r.id}</code> },
    {
      id: "amount",
      header: "Amount",
      align: "end" as const,
      cell: (r: SampleRow) => <Money amount={r.amount} currency={r.currency} />,
    },
    {
      id: "status",
      header: "Status",
      cell: (r: SampleRow) => <Badge status={statusBadge[r.status]}>{r.status}</Badge>,
    },
    {
      id: "created",
      header: "Date",
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
    </main>
  );
}
