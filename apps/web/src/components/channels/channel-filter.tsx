import type { Channel } from '@postflow/contract';
import { useChannels } from '../../lib/use-channels';
import { SelectField } from '../ui/select-field';

/** The filter's value for every channel; any other value is one channel's id. */
export const ALL_CHANNELS = 'all';

/** '{name} (X)', '{name} (LinkedIn)' or '{name} (LinkedIn page)' (docs/product.md, Feed · Filters). */
export function channelLabel(channel: Pick<Channel, 'name' | 'network' | 'kind'>): string {
  return `${channel.name} (${channel.network === 'x' ? 'X' : channel.kind === 'organization' ? 'LinkedIn page' : 'LinkedIn'})`;
}

/**
 * The Channel select of the feed, profile, queue and analytics (docs/decisions/151-channels-in-every-view.md):
 * 'All Channels', then each channel by its own name and network. Shown once the workspace has a channel;
 * a channel chosen in the address but gone since still shows, so the filter says what is applied.
 * `onChange` also gets the chosen channel, for screens that follow its network.
 */
export function ChannelFilter({
  value,
  onChange,
  className,
  size = 'md',
}: {
  value: string;
  onChange: (value: string, channel: Channel | undefined) => void;
  className?: string;
  /** As the selects beside it: 'md' in a toolbar, 'lg' among form fields. */
  size?: 'md' | 'lg';
}) {
  const channels = useChannels();
  const list = channels.data ?? [];
  if (list.length === 0 && value === ALL_CHANNELS) return null;
  const options = [
    { value: ALL_CHANNELS, label: 'All Channels' },
    ...list.map((channel) => ({ value: channel.id, label: channelLabel(channel) })),
  ];
  if (!options.some((option) => option.value === value)) options.push({ value, label: 'A channel no longer connected' });
  return (
    <SelectField
      label="Channel"
      size={size}
      className={className}
      value={value}
      options={options}
      onChange={(chosen) =>
        onChange(
          chosen,
          list.find((channel) => channel.id === chosen),
        )
      }
    />
  );
}
