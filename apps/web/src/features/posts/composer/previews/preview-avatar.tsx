import { Avatar } from '../../../../components/ui/avatar';
import type { PreviewChannel } from './types';

/** The channel's picture as the network frames it: round for a person, a rounded square for a LinkedIn page. */
export function PreviewAvatar({ channel, className }: { channel: PreviewChannel; className?: string }) {
  return (
    <Avatar
      name={channel.name}
      src={channel.avatarUrl}
      size="custom"
      className={channel.kind === 'page' ? `rounded-md! ${className ?? ''}` : className}
    />
  );
}
