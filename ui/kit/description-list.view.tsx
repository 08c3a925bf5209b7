import type { ReactNode } from "react";

export interface DescriptionItem {
  id: string;
  term: ReactNode;
  description: ReactNode;
}

export interface DescriptionListProps {
  items: readonly DescriptionItem[];
  /** "stacked" puts each value under its term; "columns" side by side where room allows. */
  layout?: "stacked" | "columns";
}

/** Term/value pairs (a payment's details): a <dl> of grouped <dt>/<dd>. */
export function DescriptionList({ items, layout = "columns" }: DescriptionListProps) {
  return (
    <dl className={`kit-dl kit-dl--${layout}`}>
      {items.map((item) => (
        <div key={item.id} className="kit-dl__item">
          <dt className="kit-label-sm kit-dl__term">{item.term}</dt>
          <dd className="kit-body-md kit-dl__description">{item.description}</dd>
        </div>
      ))}
    </dl>
  );
}
