/**
 * Query keys that more than one feature touches. Features may not import one another, yet the
 * callback screen (auth) must refresh what the accounts feature cached after a network is connected.
 */

/** Everything about the user's social accounts: the list, and each network's connection status. */
export const accountsQueryKey = ['accounts'] as const;

/** Every list or detail of the user's posts (feed, profile grids, dashboard); the create-post wizard invalidates it after publishing. */
export const postsQueryKey = ['posts'] as const;

/** The profile's details with its post counts; deleting a post (posts feature) reads them again. */
export const profileDetailsQueryKey = ['profile', 'details'] as const;

/** The person's ways of signing in; disconnecting a network (accounts feature) may remove one. */
export const signInMethodsQueryKey = ['auth', 'sign-in-methods'] as const;

/** Everything about workspaces (the switcher's list, members, invitations); joining one refreshes it all. */
export const workspacesQueryKey = ['workspaces'] as const;

/** The workspace's drafts (the Drafts page and the sidebar's count); the composer's saves change them. */
export const draftsQueryKey = ['drafts'] as const;

/** The workspace's channels (docs/product.md, Channels): under the accounts' key, so connecting or disconnecting refreshes them. */
export const channelsQueryKey = [...accountsQueryKey, 'channels'] as const;
