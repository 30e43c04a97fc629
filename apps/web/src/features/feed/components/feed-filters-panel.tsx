import { useId } from 'react';
import { PLATFORM_FILTERS, STATUS_FILTERS, TIME_FILTERS, type FeedFilters } from '../feed-filters';

const selectClasses =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-brand';

function FilterSelect<K extends keyof FeedFilters>({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: K;
  value: FeedFilters[K];
  options: ReadonlyArray<{ value: FeedFilters[K]; label: string }>;
  onChange: (name: K, value: FeedFilters[K]) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(name, event.target.value as FeedFilters[K])} className={selectClasses}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Spec §2 "Feed": Platform, Time and Status. */
export function FeedFiltersPanel({
  id,
  hidden,
  filters,
  onChange,
}: {
  id: string;
  hidden: boolean;
  filters: FeedFilters;
  onChange: <K extends keyof FeedFilters>(name: K, value: FeedFilters[K]) => void;
}) {
  return (
    <div id={id} hidden={hidden} role="group" aria-label="Filters" className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-3">
      <FilterSelect label="Platform" name="platform" value={filters.platform} options={PLATFORM_FILTERS} onChange={onChange} />
      <FilterSelect label="Time" name="time" value={filters.time} options={TIME_FILTERS} onChange={onChange} />
      <FilterSelect label="Status" name="status" value={filters.status} options={STATUS_FILTERS} onChange={onChange} />
    </div>
  );
}
