import type { Channel, Network } from '@postflow/contract';
import { useId, useState, type ReactNode } from 'react';
import { Avatar } from '../../../../components/ui/avatar';
import { Button } from '../../../../components/ui/button';
import { NETWORK_NAMES } from '../wizard';
import { channelDetail } from './channel-picker';

export interface ChannelTextsProps {
  channels: readonly Channel[];
  /** Each chosen channel's network text (the Enhance step's version, or what was written). */
  networkTexts: Readonly<Record<string, string>>;
  perChannel: Readonly<Record<string, string>>;
  onChange: (channelId: string, text: string | null) => void;
  /**
   * What a channel posts besides one text, or instead of it: an X channel's thread, a LinkedIn
   * channel's first comment (docs/product.md, Composer · Threads).
   */
  extra?: (channel: Channel) => ChannelExtra | null;
}

export interface ChannelExtra {
  node: ReactNode;
  /** The channel posts a thread: it has no single text to write. */
  replacesText: boolean;
}

/**
 * docs/product.md, Channels · Own text: a chosen channel posts its network's text unless the person
 * writes one for it here; clearing the override goes back to the network's.
 */
export function ChannelTexts({ channels, networkTexts, perChannel, onChange, extra }: ChannelTextsProps) {
  if (channels.length < 2) return null;
  return (
    <section aria-labelledby="channel-texts-title" className="flex flex-col gap-3">
      <h3 id="channel-texts-title" className="font-semibold text-slate-900">
        Text per channel
      </h3>
      <ul className="flex flex-col gap-3">
        {channels.map((channel) => (
          <ChannelText
            key={channel.id}
            channel={channel}
            networkText={networkTexts[channel.network] ?? ''}
            own={perChannel[channel.id]}
            onChange={(text) => onChange(channel.id, text)}
            extra={extra?.(channel) ?? null}
          />
        ))}
      </ul>
    </section>
  );
}

function ChannelText({
  channel,
  networkText,
  own,
  onChange,
  extra,
}: {
  channel: Channel;
  networkText: string;
  own: string | undefined;
  onChange: (text: string | null) => void;
  extra: ChannelExtra | null;
}) {
  const fieldId = useId();
  const [open, setOpen] = useState(own !== undefined);
  const network: Network = channel.network;
  return (
    <li className="flex flex-col gap-2 rounded-lg p-3 ring-1 ring-slate-200">
      <div className="flex items-center gap-3">
        <Avatar name={channel.name} src={channel.avatarUrl} size="sm" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-medium text-slate-900">{channel.name}</span>
          <span className="truncate text-xs text-slate-600">{channelDetail(channel)}</span>
        </span>
        {extra?.replacesText ? null : open ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setOpen(false);
              onChange(null);
            }}
          >
            Use the {NETWORK_NAMES[network].short} text
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Write a different text for ${channel.name}`}
            onClick={() => {
              setOpen(true);
              onChange(networkText);
            }}
          >
            Own text
          </Button>
        )}
      </div>
      {extra?.replacesText ? null : open ? (
        <>
          <label htmlFor={fieldId} className="text-sm text-slate-700">
            Text for {channel.name}
          </label>
          <textarea
            id={fieldId}
            value={own ?? ''}
            onChange={(event) => onChange(event.target.value)}
            rows={4}
            className="w-full rounded-lg border border-slate-300 p-2 text-sm"
          />
        </>
      ) : (
        <p className="line-clamp-2 text-sm whitespace-pre-wrap text-slate-600">{networkText}</p>
      )}
      {extra?.node}
    </li>
  );
}
