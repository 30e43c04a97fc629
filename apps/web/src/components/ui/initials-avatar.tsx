import { Avatar } from './avatar';

export { colourFor, initials } from './avatar';

/** The profile's name for the one `Avatar` (docs/decisions/124-one-identity-per-post.md); sized by `className`. */
export function ProfileAvatar(props: { name: string; src?: string | null; label?: string; className?: string }) {
  return <Avatar {...props} size="custom" />;
}
