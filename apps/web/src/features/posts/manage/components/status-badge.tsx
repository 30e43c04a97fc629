import { PostStatusBadge } from '../../../../components/ui/post-status-badge';

/** docs/product.md, Profile · Post lists: the shared status badge. */
export function StatusBadge({ status }: { status: string }) {
  return <PostStatusBadge status={status} />;
}
