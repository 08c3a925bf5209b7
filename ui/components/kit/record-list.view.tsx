/**
 * A collection of sub-records with add and edit (a company's persons): each record a row of
 * the kit's setting rows — its name, status badges, notes (what it still needs, why it was
 * refused) and an Edit button named for it — then the Add button; an empty collection says
 * so. Pure: values in, callbacks out; the component's machine decides what Add and Edit open.
 */
import type { ReactNode } from "react";
import { Button } from "../../kit/index.ts";
import { SettingRows } from "./settings-groups.view.tsx";

export interface RecordItem {
  id: string;
  title: ReactNode;
  badges?: ReactNode;
  /** One line each: what the record still needs, or why it was refused. */
  notes?: readonly string[];
  /** The Edit button's accessible words, naming the record ("Edit Ada Lovelace"). */
  editLabel: string;
}

export interface RecordListProps {
  /** The list's accessible name. */
  label: string;
  records: readonly RecordItem[];
  /** Shown instead of the rows when there is no record. */
  empty: string;
  /** The visible words of each row's Edit button. */
  editText: string;
  onEdit(id: string): void;
  addLabel: string;
  onAdd(): void;
  /** The list is being read or a record sent: the buttons wait. */
  busy?: boolean;
}

export function RecordList(props: RecordListProps) {
  return (
    <section className="kit-settings" aria-label={props.label}>
      {props.records.length === 0 ? (
        <p className="kit-body-md kit-secondary-text">{props.empty}</p>
      ) : (
        <SettingRows
          rows={props.records.map((record) => ({
            key: record.id,
            label: record.title,
            ...(record.badges ? { badges: record.badges } : {}),
            ...(record.notes ? { notes: record.notes, notesId: `${record.id}-notes` } : {}),
            control: (
              <Button
                aria-label={record.editLabel}
                {...(record.notes?.length ? { "aria-describedby": `${record.id}-notes` } : {})}
                disabled={props.busy === true}
                onClick={() => props.onEdit(record.id)}
              >
                {props.editText}
              </Button>
            ),
          }))}
        />
      )}
      <div>
        <Button onClick={props.onAdd} disabled={props.busy === true}>
          {props.addLabel}
        </Button>
      </div>
    </section>
  );
}
