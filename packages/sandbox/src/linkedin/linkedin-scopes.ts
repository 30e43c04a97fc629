/** Scopes the consent page accepts (docs/networks.md, LinkedIn · Scopes and access) with LinkedIn's wording. */
export const LINKEDIN_SCOPES: Record<string, string> = {
  openid: 'Use your name and photo',
  profile: 'Use your name and photo',
  email: 'Use the primary email address associated with your LinkedIn account',
  w_member_social: 'Create, modify, and delete posts, comments, and reactions on your behalf',
  r_member_social: 'Retrieve your posts, comments, likes, and other engagement data',
  w_member_social_feed: 'Create, modify, and delete comments and reactions on posts on your behalf',
  r_member_social_feed: 'Retrieve comments, reactions, and engagement data on your posts',
  r_member_postAnalytics: 'Retrieve analytics for your posts',
  w_organization_social: "Create, modify, and delete posts, comments, and reactions on your organization's behalf",
  r_organization_social: "Retrieve your organization's posts, comments, reactions, and other engagement data",
  w_organization_social_feed: "Create, modify, and delete comments and reactions on your organization's posts",
  r_organization_social_feed: "Retrieve comments, reactions, and engagement data on your organization's posts",
  rw_organization_admin: "Manage your organization's pages and retrieve reporting data",
  r_organization_admin: "Retrieve your organization's pages and their reporting data",
  r_basicprofile: 'Use your basic profile including your name, photo, headline, and current positions',
  r_liteprofile: 'Use your name and photo',
  r_emailaddress: 'Use the primary email address associated with your LinkedIn account',
};

export const DEFAULT_LINKEDIN_TEST_SCOPES = [
  'openid',
  'profile',
  'email',
  'w_member_social',
  'r_member_social',
  'r_member_postAnalytics',
  'w_organization_social',
  'r_organization_social',
  'rw_organization_admin',
  'r_organization_social_feed',
  'r_member_social_feed',
];

export function parseLinkedInScopes(value: string): string[] {
  return [...new Set(value.split(/[\s,+]+/).filter(Boolean))];
}
