import type { Channel } from '@postflow/contract';
import { useId } from 'react';
import { Avatar } from '../../../../components/ui/avatar';
import { cx } from '../../../../components/ui/cx';
import { PlatformIcon } from '../../../../components/ui/icons';
import { NETWORK_NAMES } from '../wizard';

/** What a channel is, under its name: 'X · @ada', 'LinkedIn member', 'LinkedIn page · acme'. */
export function channelDetail(channel: Channel): string {
  const network = NETWORK_NAMES[channel.network].short;
  if (channel.kind === 'organization') return `${network} page${channel.handle ? ` · ${channel.handle}` : ''}`;
  if (channel.network === 'x') return `${network}${channel.handle ? ` · @${channel.handle}` : ''}`;
  return `${network} member`;
}

export interface ChannelPickerProps {
  channels: readonly Channel[];
  selected: readonly string[];
  onToggle: (channelId: string) => void;
  /** 'Please select at least one platform' after Next without a channel. */
  error: string | null;
}

/**
 * docs/product.md, Channels: the places this workspace can post to, each with its own picture and
 * name: every X account, every LinkedIn member, and every LinkedIn page a member administers.
 */
export function ChannelPicker({ channels, selected, onToggle, error }: ChannelPickerProps) {
  const errorId = useId();
  return (
    <>
      <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
        <legend className="mb-3 text-sm text-slate-600">Channels to post to</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {channels.map((channel) => (
            <ChannelOption key={channel.id} channel={channel} checked={selected.includes(channel.id)} onToggle={onToggle} />
          ))}
        </div>
      </fieldset>
      {error && (
        <p id={errorId} role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

function ChannelOption({ channel, checked, onToggle }: { channel: Channel; checked: boolean; onToggle: (id: string) => void }) {
  const nameId = useId();
  const detailId = useId();
  return (
    <label
      className={cx(
        'flex min-h-16 w-full cursor-pointer items-center gap-3 rounded-xl bg-white p-3 text-left shadow-sm ring-1 ring-inset transition-colors',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand',
        checked ? 'bg-brand-soft ring-2 ring-brand' : 'ring-slate-200 hover:bg-slate-50',
      )}
    >
      <span className="relative">
        <Avatar name={channel.name} src={channel.avatarUrl} />
        <span className="absolute -right-1 -bottom-1 inline-flex size-5 items-center justify-center rounded-full bg-white ring-1 ring-slate-200">
          <PlatformIcon provider={channel.network} className="size-3" />
        </span>
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span id={nameId} className="truncate font-semibold text-slate-900">
          {channel.name}
        </span>
        <span id={detailId} className="truncate text-sm text-slate-600">
          {channelDetail(channel)}
        </span>
      </span>
      <input
        type="checkbox"
        checked={checked}
        onChange={() => onToggle(channel.id)}
        aria-labelledby={nameId}
        aria-describedby={detailId}
        className="size-5 shrink-0 accent-brand"
      />
    </label>
  );
}
