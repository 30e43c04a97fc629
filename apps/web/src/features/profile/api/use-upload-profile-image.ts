import { AVATAR_FIELD, COVER_FIELD, api } from '@postflow/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { storeUser } from './use-profile-details';

export type ProfileImageKind = 'avatar' | 'cover';

async function upload(kind: ProfileImageKind, file: File): Promise<string> {
  const form = new FormData();
  if (kind === 'avatar') {
    form.append(AVATAR_FIELD, file);
    return (await apiUpload(api.profile.uploadAvatar, form)).profileUrl;
  }
  form.append(COVER_FIELD, file);
  return (await apiUpload(api.profile.uploadCover, form)).coverImageUrl;
}

/**
 * POST /users/profile/image (`profile_image` → profileUrl) or /users/profile/cover (`cover_image` →
 * coverImageUrl). The server stores the picture on the profile at once; the new address is shown everywhere.
 */
export function useUploadProfileImage(kind: ProfileImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => upload(kind, file),
    onSuccess: (url) => storeUser(queryClient, (user) => (kind === 'avatar' ? { ...user, avatarURL: url } : { ...user, coverURL: url })),
  });
}
