import type { Channel } from '@postflow/contract';
import { useId, type ReactNode } from 'react';
import { ChannelFilter } from '../../../components/channels/channel-filter';
import { Button } from '../../../components/ui/button';
import { RefreshIcon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { PLATFORM_OPTIONS, type AnalyticsPlatform } from '../lib/platforms';
import type { DayRange, RangeErrors } from '../lib/range';

export const PICK_PLATFORM_MESSAGE = 'Please select a platform first';

interface AnalyticsControlsProps {
  platform: AnalyticsPlatform;
  onPlatformChange: (platform: AnalyticsPlatform) => void;
  /** 'all' or one channel's id (docs/decisions/151-channels-in-every-view.md); the chosen channel comes with it. */
  channel: string;
  onChannelChange: (channel: string, chosen: Channel | undefined) => void;
  range: DayRange;
  errors: RangeErrors;
  onRangeChange: (range: DayRange) => void;
  syncing: boolean;
  onSync: () => void;
  generating: boolean;
  onGenerate: () => void;
  /** The state of the selected network's latest sync, under the buttons. */
  syncLine?: ReactNode;
}

/**
 * docs/product.md, Analytics · Controls: platform, channel, start and end dates, Sync Data and Generate AI Insights. Both actions
 * need one network: with 'All platforms' they are `aria-disabled` rather than `disabled`, so they stay
 * focusable and a click says 'Please select a platform first' (the screen asks for both the disabled
 * button and the message; docs/decisions/090).
 */
export function AnalyticsControls({
  platform,
  onPlatformChange,
  channel,
  onChannelChange,
  range,
  errors,
  onRangeChange,
  syncing,
  onSync,
  generating,
  onGenerate,
  syncLine,
}: AnalyticsControlsProps) {
  const hintId = useId();
  const noPlatform = platform === 'all';

  return (
    <div className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField label="Platform" value={platform} options={PLATFORM_OPTIONS} onChange={onPlatformChange} />
        <ChannelFilter size="lg" value={channel} onChange={onChannelChange} />
        <TextField
          label="Start date"
          type="date"
          value={range.start}
          error={errors.start}
          onChange={(event) => onRangeChange({ ...range, start: event.target.value })}
        />
        <TextField
          label="End date"
          type="date"
          value={range.end}
          error={errors.end}
          onChange={(event) => onRangeChange({ ...range, end: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-h-5 text-sm text-slate-600">
          {noPlatform ? <p id={hintId}>Choose X or LinkedIn to sync its figures or generate insights.</p> : syncLine}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="secondary"
            onClick={onSync}
            busy={syncing}
            busyLabel="Syncing..."
            aria-disabled={noPlatform || undefined}
            aria-describedby={noPlatform ? hintId : undefined}
          >
            <RefreshIcon className="size-4" />
            Sync Data
          </Button>
          <Button
            onClick={onGenerate}
            busy={generating}
            busyLabel="Generating..."
            aria-disabled={noPlatform || undefined}
            aria-describedby={noPlatform ? hintId : undefined}
          >
            Generate AI Insights
          </Button>
        </div>
      </div>
    </div>
  );
}
