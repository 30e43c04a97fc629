import type { User } from '@postflow/contract';

type NameFields = Partial<Pick<User, 'name' | 'firstName' | 'username' | 'email'>>;

/** docs/product.md, App shell · Layout: name, then firstName, username, the email before its @, then 'User'. */
export function displayName(user: NameFields | null | undefined): string {
  const emailLocalPart = user?.email?.split('@')[0];
  const candidates = [user?.name, user?.firstName, user?.username, emailLocalPart];
  for (const candidate of candidates) {
    const trimmed = candidate?.trim();
    if (trimmed) return trimmed;
  }
  return 'User';
}
