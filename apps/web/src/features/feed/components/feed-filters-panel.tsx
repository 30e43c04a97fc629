import { SelectField } from '../../../components/ui/select-field';
import { useChannels } from '../../../lib/use-channels';
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
  const channels = useChannels();
  // A channel chosen in the address but gone since still shows, so the filter says what is applied.
  const channelOptions = [
    { value: 'all', label: 'All Channels' },
    ...(channels.data ?? []).map((channel) => ({
      value: channel.id,
      label: `${channel.name} (${channel.network === 'x' ? 'X' : channel.kind === 'organization' ? 'LinkedIn page' : 'LinkedIn'})`,
    })),
  ];
  if (!channelOptions.some((option) => option.value === filters.channel))
    channelOptions.push({ value: filters.channel, label: 'A channel no longer connected' });
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
      {channelOptions.length > 1 && (
        <SelectField
          label="Channel"
          size="md"
          value={filters.channel}
          options={channelOptions}
          onChange={(value) => onChange('channel', value)}
        />
      )}
    </div>
  );
}
