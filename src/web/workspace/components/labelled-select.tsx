/**
 * A select with its visible label, the workspace's one markup for it (the inbox's filters, the access records'
 * filters, the lead's stage and owner, the invite's role): the label names the select for screen readers, and the
 * select is tall enough to tap (44 px).
 */
import { useId, type ReactNode } from 'react';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export function LabelledSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
  labelClassName = 'mb-1 block text-sm font-medium',
  children,
}: {
  label: ReactNode;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  /** The wrapper's classes (its place in a grid or a row). */
  className?: string;
  labelClassName?: string;
  /** Shown under the select (a hint or an error, with its own id). */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
