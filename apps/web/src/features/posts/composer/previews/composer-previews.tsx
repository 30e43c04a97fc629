import type { Network } from '@postflow/contract';
import { placeholderChannel, usePreviewChannels } from '../api/use-preview-channels';
import type { PreviewAttachments } from './preview-attachments';
import { PostPreviews } from './post-previews';
import type { PostPreviewProps, PreviewChannel, PreviewLinkCard } from './types';

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
  /** The chosen files. */
  attachments: PreviewAttachments;
  /** The link card a copy with this text shows on this network (docs/decisions/152-channel-picker-and-kept-attachments.md). */
  linkCardFor: (network: Network, text: string) => PreviewLinkCard | null;
  /** The section's heading. */
  title?: string;
  /** With channels chosen: one preview per channel, under its own name and avatar, with its own text. */
  channels?: readonly ChannelPreview[] | undefined;
  /** Without channels chosen: each network's thread or first comment. */
  extras?: NetworkExtras;
}

/** The composer's data as previews: the chosen channels or networks, each copy's text and card, and the files. */
export function ComposerPreviews({
  platforms,
  texts,
  attachments,
  linkCardFor,
  title,
  channels: chosen,
  extras = {},
}: ComposerPreviewsProps) {
  const channels = usePreviewChannels();
  const withCard = (preview: ChannelPreview): PostPreviewProps => ({
    ...attachments,
    linkCard: linkCardFor(preview.channel.network, preview.text),
    ...preview,
  });
  if (chosen?.length) return <PostPreviews previews={chosen.map(withCard)} title={title} />;
  const previews = platforms.map((network) =>
    withCard({ channel: channels.data?.[network] ?? placeholderChannel(network), text: texts[network] ?? '', ...extras[network] }),
  );
  return <PostPreviews previews={previews} title={title} />;
}
