import type { Network } from '@postflow/contract';
import { useId } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { cx } from '../../../../components/ui/cx';
import { PlatformIcon, RefreshIcon } from '../../../../components/ui/icons';
import { Spinner } from '../../../../components/ui/spinner';
import { ENHANCE_FAILED_MESSAGE, regenerateFailedMessage, type Enhancement, type Enhancements } from '../api/use-enhancements';
import { linkedInCount, xCount, xCounterText } from '../counters';
import { NETWORK_NAMES } from '../wizard';
import { CharacterCounter } from './character-counter';
import { ThreadProposal } from './thread-proposal';

/** docs/product.md, Composer · Enhance: 'Continue to Review' needs a non-blank version for every network and nothing loading. */
export function readyForReview(platforms: readonly Network[], enhancements: Enhancements): boolean {
  return platforms.every((platform) => {
    const entry = enhancements[platform];
    return entry !== undefined && entry.status !== 'loading' && entry.text.trim() !== '';
  });
}

export interface EnhanceStepProps {
  platforms: readonly Network[];
  enhancements: Enhancements;
  onRegenerate: (platform: Network) => void;
  onBack: (platform: Network) => void;
  onEdit: (platform: Network, text: string) => void;
  /** Makes the AI's proposed thread X's thread in the composer (docs/product.md, Composer · Threads). */
  onUseThread?: (parts: readonly string[]) => void;
}

/** docs/product.md, Composer · Enhance: one AI version per network, each editable, regenerated and taken back on its own. */
export function EnhanceStep({ platforms, enhancements, onRegenerate, onBack, onEdit, onUseThread }: EnhanceStepProps) {
  const firstLoadFailed = platforms.some((platform) => enhancements[platform]?.failure === 'enhance');
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        AI adapted your text for each network. Edit it freely, or regenerate a version you don&apos;t like and go back to an earlier one.
      </p>
      {firstLoadFailed && (
        <Alert variant="error" title={ENHANCE_FAILED_MESSAGE}>
          Your original text is shown instead; regenerate to try again.
        </Alert>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {platforms.map((platform) => (
          <PlatformVersion
            key={platform}
            platform={platform}
            entry={enhancements[platform]}
            onRegenerate={() => onRegenerate(platform)}
            onBack={() => onBack(platform)}
            onEdit={(text) => onEdit(platform, text)}
            onUseThread={onUseThread}
          />
        ))}
      </div>
    </div>
  );
}

function PlatformVersion({
  platform,
  entry,
  onRegenerate,
  onBack,
  onEdit,
  onUseThread,
}: {
  platform: Network;
  entry: Enhancement | undefined;
  onRegenerate: () => void;
  onBack: () => void;
  onEdit: (text: string) => void;
  onUseThread: ((parts: readonly string[]) => void) | undefined;
}) {
  const titleId = useId();
  const textId = useId();
  const counterId = useId();
  const { name, short } = NETWORK_NAMES[platform];
  const loading = !entry || entry.status === 'loading';
  const text = entry?.text ?? '';
  const counter = platform === 'x' ? { tone: xCount(text).tone, words: xCounterText(text) } : linkedInCount(text);

  return (
    <section
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center gap-3">
        <PlatformIcon provider={platform} className="size-5" />
        <h3 id={titleId} className="min-w-0 flex-1 font-semibold text-slate-900">
          {name}
        </h3>
        {entry && entry.variant > 0 && <span className="text-xs text-slate-500">Version {entry.variant + 1}</span>}
        <Button variant="secondary" size="sm" onClick={onBack} disabled={loading || !entry || entry.variant === 0}>
          Back <span className="sr-only">to the previous {short} version</span>
        </Button>
        <Button variant="secondary" size="sm" onClick={onRegenerate} disabled={loading}>
          <RefreshIcon className="size-4" />
          Regenerate <span className="sr-only">{short}</span>
        </Button>
      </div>
      {loading && <Spinner size="sm" label={`Tailoring your text for ${short}...`} />}
      {entry && (entry.status !== 'loading' || text) && (
        <>
          <label htmlFor={textId} className="sr-only">
            Text for {short}
          </label>
          <textarea
            id={textId}
            value={text}
            readOnly={loading}
            onChange={(event) => onEdit(event.target.value)}
            rows={platform === 'x' ? 6 : 10}
            aria-describedby={counterId}
            className={cx(
              'w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm',
              'focus:outline-2 focus:outline-offset-0 focus:outline-brand',
              loading && 'opacity-60',
            )}
          />
          <CharacterCounter id={counterId} tone={counter.tone}>
            {counter.words}
          </CharacterCounter>
        </>
      )}
      {platform === 'x' && !loading && entry?.thread && entry.thread.length > 1 && (
        <ThreadProposal parts={entry.thread} onUse={onUseThread} />
      )}
      {entry?.failure === 'regenerate' && (
        <p role="alert" className="text-sm text-red-700">
          {regenerateFailedMessage(short)} Your original text is shown instead.
        </p>
      )}
    </section>
  );
}
