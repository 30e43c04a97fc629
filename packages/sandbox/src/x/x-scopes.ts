/** Scopes X's consent page accepts (openapi security scheme, and others that exist; docs/networks.md, X · Scopes). */
export const X_SCOPES: Record<string, string> = {
  'tweet.read': 'See posts from your timeline (including protected posts) and your lists',
  'tweet.write': 'Post and repost for you',
  'tweet.moderate.write': 'Hide and unhide replies to your posts',
  'users.read': 'Any account you can view, including protected accounts',
  'users.email': 'Your email address',
  'follows.read': 'People who follow you and people you follow',
  'follows.write': 'Follow and unfollow people for you',
  'offline.access': 'Stay connected to your account until you revoke access',
  'space.read': 'All the Spaces you can view',
  'mute.read': 'Accounts you have muted',
  'mute.write': 'Mute and unmute accounts for you',
  'like.read': 'Posts you have liked and likes you can view',
  'like.write': 'Like and un-like posts for you',
  'list.read': 'Lists, list members and list followers of lists you created or are a member of',
  'list.write': 'Create and manage lists for you',
  'block.read': 'Accounts you have blocked',
  'block.write': 'Block and unblock accounts for you',
  'bookmark.read': 'Get bookmarked posts from an authenticated user',
  'bookmark.write': 'Bookmark and remove bookmarks from posts',
  'dm.read': 'All your direct messages',
  'dm.write': 'Send direct messages for you',
  'media.write': 'Upload media',
};

export const DEFAULT_X_TEST_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'];

export const X_READ_SCOPES = ['tweet.read', 'users.read'];
export const X_WRITE_SCOPES = ['tweet.read', 'tweet.write', 'users.read'];
export const X_MEDIA_SCOPES = ['media.write'];
