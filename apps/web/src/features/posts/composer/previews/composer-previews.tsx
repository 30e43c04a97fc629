import type { Network } from '@postflow/contract';
import { placeholderChannel, usePreviewChannels } from '../api/use-preview-channels';
import type { PreviewAttachments } from './preview-attachments';
import { PostPreviews } from './post-previews';
import type { PostPreviewProps } from './types';

export interface ComposerPreviewsProps {
  platforms: readonly Network[];
  /** Each network's text, as it will be sent. */
  texts: Record<string, string>;
  /** The chosen files and the kept link card. */
  attachments: PreviewAttachments;
  /** The LinkedIn page the post goes out as; null for the person's own profile. */
  linkedInPage?: string | null;
  /** The section's heading. */
  title?: string;
}

/** The composer's data as previews: the chosen networks, the connected accounts, each network's text and the attachments. */
export function ComposerPreviews({ platforms, texts, attachments, linkedInPage = null, title }: ComposerPreviewsProps) {
  const channels = usePreviewChannels();
  const previews = platforms.map((network): PostPreviewProps => {
    const account = channels.data?.[network] ?? placeholderChannel(network);
    const channel =
      network === 'linkedin' && linkedInPage
        ? { name: linkedInPage, handle: null, avatarUrl: null, network, kind: 'page' as const }
        : account;
    return { channel, text: texts[network] ?? '', ...attachments };
  });
  return <PostPreviews previews={previews} title={title} />;
}
