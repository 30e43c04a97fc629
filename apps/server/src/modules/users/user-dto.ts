import type { User } from '@postflow/contract';
import type { UserRecord } from './users.repository';

export function toUserDto(user: UserRecord): User {
  return {
    id: user.id,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    avatarURL: user.avatarUrl,
    coverURL: user.coverUrl,
    bio: user.bio,
    location: user.location,
    website: user.website,
    timeZone: user.timeZone,
    createdAt: user.createdAt.toISOString(),
  };
}
