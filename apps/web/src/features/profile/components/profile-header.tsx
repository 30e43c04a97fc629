import type { User } from '@postflow/contract';
import { Button } from '../../../components/ui/button';
import { LinkIcon } from '../../../components/ui/icons';
import { displayName } from '../../../lib/user-display';
import { joinedLabel } from '../lib/joined-label';
import { CoverImage } from './cover-image';
import { CalendarIcon, PinIcon } from '../../../components/ui/line-icons';
import { ProfileAvatar } from '../../../components/ui/initials-avatar';

/** Only http(s) addresses become links (the server accepts no other; older data is shown as text). */
function safeWebsite(website: string): string | null {
  try {
    const url = new URL(website);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The header (docs/product.md, Profile · Page): cover, avatar, name, username, bio, location, website, joined date, Edit Profile. */
export function ProfileHeader({ user, onEdit }: { user: User; onEdit: () => void }) {
  const name = displayName(user);
  const website = user.website ? safeWebsite(user.website) : null;
  return (
    <section aria-label="Profile details" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <CoverImage src={user.coverURL} />
      <div className="flex flex-col gap-4 px-4 pb-5 sm:px-6">
        <div className="-mt-12 flex items-end justify-between gap-4">
          <ProfileAvatar name={name} src={user.avatarURL} label="Profile picture" className="size-24 text-3xl ring-4 ring-white" />
          <Button variant="secondary" onClick={onEdit}>
            Edit Profile
          </Button>
        </div>
        <div className="min-w-0">
          <h2 className="truncate text-xl font-bold text-slate-900">{name}</h2>
          {user.username && <p className="text-slate-500">@{user.username}</p>}
        </div>
        {user.bio && <p className="break-words whitespace-pre-line text-slate-800">{user.bio}</p>}
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600">
          {user.location && (
            <li className="inline-flex items-center gap-1.5">
              <PinIcon />
              <span className="sr-only">Location: </span>
              {user.location}
            </li>
          )}
          {user.website && (
            <li className="inline-flex min-w-0 items-center gap-1.5">
              <LinkIcon className="size-4" />
              <span className="sr-only">Website: </span>
              {website ? (
                <a href={website} target="_blank" rel="noopener noreferrer" className="truncate font-medium text-brand hover:underline">
                  {user.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                </a>
              ) : (
                <span className="truncate">{user.website}</span>
              )}
            </li>
          )}
          <li className="inline-flex items-center gap-1.5">
            <CalendarIcon />
            Joined {joinedLabel(user.createdAt)}
          </li>
        </ul>
      </div>
    </section>
  );
}
