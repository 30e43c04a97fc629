import { api } from '@postflow/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../../lib/api-client';
import { postsQueryKey } from '../../../../lib/query-keys';

/** POST /content/publish (multipart). Lists of posts anywhere in the app are stale afterwards. */
export function usePublishPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiUpload(api.posts.publish, form),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
}
