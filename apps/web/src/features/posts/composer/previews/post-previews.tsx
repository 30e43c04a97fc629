import { useId } from 'react';
import { PlatformIcon } from '../../../../components/ui/icons';
import { LinkedInPreview } from './linkedin-preview';
import { XPreview } from './x-preview';
import type { PostPreviewProps } from './types';

const NETWORK_NAMES = { x: 'X', linkedin: 'LinkedIn' } as const;

/**
 * One preview per channel, each under 'Preview on X' / 'Preview on LinkedIn'
 * (docs/decisions/150-composer-previews.md). Plain data in, so any step of the composer can show them.
 */
export function PostPreviews({ previews, title = 'How it will look' }: { previews: readonly PostPreviewProps[]; title?: string }) {
  const headingId = useId();
  if (previews.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {title}
      </h3>
      <ul className="grid items-start gap-4 lg:grid-cols-2">
        {previews.map((preview, index) => {
          const network = preview.channel.network;
          return (
            <li key={`${network}-${index}`} className="flex min-w-0 flex-col gap-2">
              <h4 className="flex items-center gap-2 text-sm font-medium text-slate-700">
                <PlatformIcon provider={network} className="size-4" />
                Preview on {NETWORK_NAMES[network]}
              </h4>
              {network === 'x' ? <XPreview {...preview} /> : <LinkedInPreview {...preview} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
