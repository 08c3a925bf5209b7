/**
 * A section of an object that a person reads and edits in place (account management's
 * business, company, persons and public details): its heading, a notice (saved, something
 * needed), its values as the kit's description list, and its Edit button — absent when the
 * section is read-only — or, while it is edited, its form (`SectionForm`: the fields, the
 * form's error banner, Save and Cancel) in place of the values. Pure: values and callbacks.
 */
import type { ReactNode } from "react";
import {
  Button,
  type DescriptionItem,
  DescriptionList,
  FormErrorBanner,
  FormLayout,
  type FormView,
} from "../../kit/index.ts";

export interface EditableSectionProps {
  /** The section's key (its `data-section`). */
  sectionKey: string;
  title: string;
  /** Under the heading, outside the section's name (a badge saying something is needed). */
  badge?: ReactNode;
  /** Above the values (a banner: saved, or the provider's answer). */
  notice?: ReactNode;
  items: readonly DescriptionItem[];
  /** The Edit button's words and action; absent: the section is read-only. */
  edit?: { label: string; onEdit(): void } | undefined;
  /** The section's open form, shown in place of its values. */
  form?: ReactNode;
  /** What follows the values (a list of the section's persons, each editable). */
  children?: ReactNode;
}

export function EditableSection(props: EditableSectionProps) {
  const headingId = `section-${props.sectionKey}`;
  return (
    <section
      className="kit-detail-section"
      aria-labelledby={headingId}
      data-section={props.sectionKey}
    >
      <h3 id={headingId} className="kit-heading-sm">
        {props.title}
      </h3>
      {props.badge ? <div>{props.badge}</div> : null}
      {props.notice}
      {props.form ?? (
        <>
          {props.items.length > 0 ? <DescriptionList items={props.items} /> : null}
          {props.children}
          {props.edit ? (
            <div className="kit-form__actions">
              <Button variant="secondary" onClick={props.edit.onEdit}>
                {props.edit.label}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

export interface SectionFormProps {
  /** Names the form for assistive technology. */
  label: string;
  form: FormView;
  saveLabel: string;
  cancelLabel: string;
  onSave(): void;
  onCancel(): void;
  /** The section's fields (the kit's Form*Field views). */
  children: ReactNode;
}

/** A section's form: its fields, the form's error banner, Cancel and Save. */
export function SectionForm(props: SectionFormProps) {
  return (
    <FormLayout
      label={props.label}
      onSubmit={props.onSave}
      actions={
        <>
          <Button variant="secondary" onClick={props.onCancel} disabled={props.form.busy}>
            {props.cancelLabel}
          </Button>
          <Button variant="primary" type="submit" loading={props.form.busy}>
            {props.saveLabel}
          </Button>
        </>
      }
    >
      <FormErrorBanner form={props.form} />
      {props.children}
    </FormLayout>
  );
}
