import { SelectField } from '../../../components/ui/select-field';
import { ChannelFilter } from '../../../components/channels/channel-filter';
import { PLATFORM_FILTERS, STATUS_FILTERS, TIME_FILTERS, type FeedFilters } from '../feed-filters';

/** docs/product.md, Feed · Filters: Platform, Time, Status, and Channel when the workspace has channels. */
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
    <div
      id={id}
      hidden={hidden}
      role="group"
      aria-label="Filters"
      className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4"
    >
      <SelectField
        label="Platform"
        size="md"
        value={filters.platform}
        options={PLATFORM_FILTERS}
        onChange={(value) => onChange('platform', value)}
      />
      <SelectField label="Time" size="md" value={filters.time} options={TIME_FILTERS} onChange={(value) => onChange('time', value)} />
      <SelectField
        label="Status"
        size="md"
        value={filters.status}
        options={STATUS_FILTERS}
        onChange={(value) => onChange('status', value)}
      />
      <ChannelFilter value={filters.channel} onChange={(value) => onChange('channel', value)} />
    </div>
  );
}
