import { postStatusLook } from '../../lib/post-status';
import { Badge } from './badge';

/** A post's status, in the same words and colours on every screen. */
export function PostStatusBadge({ status, className }: { status: string; className?: string }) {
  const look = postStatusLook(status);
  return (
    <Badge tone={look.tone} className={className}>
      {look.label}
    </Badge>
  );
}
