/**
 * Settings in groups (the payment methods by kind): each group a headed list, each row a
 * setting's name, its status badges, what it needs or why it cannot change (`notes`, the
 * control's description), and its control (the kit's `Switch`). Pure: values in; the rows'
 * controls carry the callbacks.
 */
import type { ReactNode } from "react";

export interface SettingRow {
  key: string;
  label: ReactNode;
  /** Status badges beside the name ("Off", "Not available"). */
  badges?: ReactNode;
  /** What the row needs or why it cannot change, one line each; the control's description. */
  notes?: readonly string[];
  /** The id the control names in `aria-describedby` (the notes' list). */
  notesId?: string;
  control: ReactNode;
}

export interface SettingsGroup {
  key: string;
  title: string;
  rows: readonly SettingRow[];
}

export interface SettingsGroupsProps {
  /** The whole list's accessible name. */
  label: string;
  groups: readonly SettingsGroup[];
}

export function SettingsGroups({ label, groups }: SettingsGroupsProps) {
  return (
    <section className="kit-settings" aria-label={label}>
      {groups.map((group) => (
        <section
          key={group.key}
          className="kit-settings__group"
          aria-labelledby={`settings-${group.key}`}
        >
          <h3 id={`settings-${group.key}`} className="kit-settings__title kit-heading-sm">
            {group.title}
          </h3>
          <SettingRows rows={group.rows} />
        </section>
      ))}
    </section>
  );
}

/**
 * The rows of a group (or of any list of records, the kit's `RecordList`): each its name,
 * badges, notes and control, in one bordered list.
 */
export function SettingRows({ rows }: { rows: readonly SettingRow[] }) {
  return (
    <ul className="kit-settings__rows">
      {rows.map((row) => (
        <li key={row.key} className="kit-settings__row" data-setting={row.key}>
          <div className="kit-settings__main">
            <span className="kit-settings__label kit-label-md">
              {row.label}
              {row.badges}
            </span>
            {row.notes && row.notes.length > 0 ? (
              <ul id={row.notesId} className="kit-settings__notes kit-body-sm kit-secondary-text">
                {row.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            ) : null}
          </div>
          {row.control}
        </li>
      ))}
    </ul>
  );
}
