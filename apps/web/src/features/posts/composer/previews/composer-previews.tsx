import type { Network } from '@postflow/contract';
import { placeholderChannel, usePreviewChannels } from '../api/use-preview-channels';
import type { PreviewAttachments } from './preview-attachments';
import { PostPreviews } from './post-previews';
import type { PostPreviewProps, PreviewChannel } from './types';

/** A chosen channel and the text it will get (docs/product.md, Channels), with its own thread or first comment. */
export interface ChannelPreview extends Partial<PostPreviewProps> {
  channel: PreviewChannel;
  text: string;
}

/** What a network's preview draws instead of, or besides, the shared text and files: X's thread, LinkedIn's first comment. */
export type NetworkExtras = Partial<Record<Network, Partial<PostPreviewProps>>>;

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
  /** With channels chosen: one preview per channel, under its own name and avatar, with its own text. */
  channels?: readonly ChannelPreview[] | undefined;
  extras?: NetworkExtras;
}

/** The composer's data as previews: the chosen networks, the connected accounts, each network's text and the attachments. */
export function ComposerPreviews({
  platforms,
  texts,
  attachments,
  linkedInPage = null,
  title,
  channels: chosen,
  extras = {},
}: ComposerPreviewsProps) {
  const channels = usePreviewChannels();
  if (chosen?.length) return <PostPreviews previews={chosen.map((preview) => ({ ...attachments, ...preview }))} title={title} />;
  const previews = platforms.map((network): PostPreviewProps => {
    const account = channels.data?.[network] ?? placeholderChannel(network);
    const channel =
      network === 'linkedin' && linkedInPage
        ? { name: linkedInPage, handle: null, avatarUrl: null, network, kind: 'page' as const }
        : account;
    return { channel, text: texts[network] ?? '', ...attachments, ...extras[network] };
  });
  return <PostPreviews previews={previews} title={title} />;
}
