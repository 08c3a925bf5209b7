import type { ReactNode } from "react";
import type { MessageDescriptor } from "react-intl";
import { useIntl } from "react-intl";
import {
  type ComponentFilter,
  type ComponentRow,
  type ReleaseState,
  releaseStates,
} from "../../../machines/components/debug-components-list/debug-components-list.rows.ts";
import { loadFailureMessage } from "../../frame/frame.messages.ts";
import { kitMessages } from "../../i18n/messages.ts";
import { Badge, Banner, Button, EmptyState, Select, Skeleton, TextField } from "../../kit/index.ts";
import type { ResourceListConnected } from "../kit/resource-list.connect.ts";
import { type ListColumn, ResourceListView } from "../kit/resource-list.view.tsx";
import { debugComponentsListMessages as m } from "./debug-components-list.messages.ts";

const releaseMessage: Record<ReleaseState, MessageDescriptor> = {
  ga: m.releaseGa,
  preview: m.releasePreview,
  internal: m.releaseInternal,
  entry_point: m.releaseEntryPoint,
};

/** A component opened in place: its view, or why it cannot be shown. */
export interface OpenedComponent {
  row: ComponentRow;
  /**
   * `unavailable`: this version has no view for it (the frame's `component_unavailable`);
   * `failed`: its view's code did not load (`view_load_failed`).
   */
  status: "loading" | "shown" | "unavailable" | "failed";
  /** The component's own view, when shown. */
  content?: ReactNode;
}

/** The list's state (its `items`: the rows that pass the filter, in catalogue order). */
export interface DebugComponentsListViewProps
  extends Omit<ResourceListConnected<ComponentRow>, "onOpen"> {
  filter: ComponentFilter;
  onFilterChange(filter: ComponentFilter): void;
  opened: OpenedComponent | null;
  onOpen(name: string): void;
  onClose(): void;
}

function OpenedPanel({ opened, onClose }: { opened: OpenedComponent; onClose(): void }) {
  const intl = useIntl();
  const { row, status } = opened;
  const failure =
    status === "unavailable"
      ? intl.formatMessage(m.unavailable, { name: row.tag })
      : status === "failed"
        ? intl.formatMessage(m.viewFailed, { name: row.tag })
        : null;
  return (
    <section className="debug-components-list__opened" aria-label={row.tag}>
      <div className="debug-components-list__opened-header">
        <h2 className="kit-heading-sm">
          <code>{row.tag}</code>
        </h2>
        <Button onClick={onClose}>{intl.formatMessage(kitMessages.close)}</Button>
      </div>
      {status === "loading" ? <Skeleton lines={3} /> : null}
      {failure ? (
        <Banner status="warning" title={intl.formatMessage(loadFailureMessage(row.errorText))}>
          <span data-kind={status === "unavailable" ? "component_unavailable" : "view_load_failed"}>
            {failure}
          </span>
        </Banner>
      ) : null}
      {status === "shown" ? opened.content : null}
    </section>
  );
}

/** Every catalogue component, its release state, whether this session enables it; openable. */
export function DebugComponentsListView(props: DebugComponentsListViewProps) {
  const intl = useIntl();
  const { filter, onFilterChange, opened, onOpen, onClose, ...list } = props;
  const columns: ListColumn<ComponentRow>[] = [
    {
      id: "tag",
      header: intl.formatMessage(m.component),
      narrow: true,
      cell: (row) => <code>{row.tag}</code>,
    },
    {
      id: "release",
      header: intl.formatMessage(m.releaseLabel),
      cell: (row) => (
        <Badge status={row.releaseState === "ga" ? "success" : "neutral"}>
          {intl.formatMessage(releaseMessage[row.releaseState])}
        </Badge>
      ),
    },
    {
      id: "session",
      header: intl.formatMessage(m.session),
      narrow: true,
      cell: (row) => (
        <Badge status={row.enabled ? "success" : "neutral"}>
          {intl.formatMessage(row.enabled ? m.enabled : m.notEnabled)}
        </Badge>
      ),
    },
    {
      id: "sign-in",
      header: intl.formatMessage(m.signIn),
      cell: (row) =>
        intl.formatMessage(row.requiresAuthentication ? m.signInRequired : m.signInNotRequired),
    },
    {
      id: "aliases",
      header: intl.formatMessage(m.aliases),
      cell: (row) =>
        row.aliasOf ? intl.formatMessage(m.aliasOf, { name: row.aliasOf }) : row.aliases.join(", "),
    },
  ];
  columns.push({
    id: "open",
    narrow: true,
    header: <span className="kit-visually-hidden">{intl.formatMessage(m.open)}</span>,
    cell: (row) => (
      <Button onClick={() => onOpen(row.name)}>
        <span aria-hidden="true">{intl.formatMessage(m.open)}</span>
        <span className="kit-visually-hidden">
          {intl.formatMessage(m.openLabel, { name: row.tag })}
        </span>
      </Button>
    ),
  });

  const toolbar = (
    <div className="debug-components-list__filters">
      <TextField
        type="search"
        label={intl.formatMessage(m.searchLabel)}
        value={filter.query}
        onChange={(query) => onFilterChange({ ...filter, query })}
      />
      <Select
        label={intl.formatMessage(m.releaseLabel)}
        value={filter.release}
        onChange={(release) =>
          onFilterChange({ ...filter, release: release as ComponentFilter["release"] })
        }
        options={[
          { value: "", label: intl.formatMessage(m.releaseAll) },
          ...releaseStates.map((state) => ({
            value: state,
            label: intl.formatMessage(releaseMessage[state]),
          })),
        ]}
      />
      {opened ? <OpenedPanel opened={opened} onClose={onClose} /> : null}
    </div>
  );
  return (
    <ResourceListView
      {...list}
      className="debug-components-list"
      caption={intl.formatMessage(m.title)}
      columns={columns}
      rowKey={(row) => row.name}
      toolbar={toolbar}
      empty={<EmptyState title={intl.formatMessage(m.noMatch)} />}
    />
  );
}
