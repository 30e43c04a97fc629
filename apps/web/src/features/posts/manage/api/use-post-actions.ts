import type { Post, RouteBody, postsRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { postsQueryKey, profileDetailsQueryKey } from '../../../../lib/query-keys';
import { changeProfilePosts } from './use-profile-posts';

export type UpdatePostBody = RouteBody<typeof postsRoutes.update>;

const replace = (post: Post) => (posts: Post[]) => posts.map((item) => (item.id === post.id ? post : item));

/** PUT /content/:id: the card shows the saved post at once (docs/product.md, Profile · Edit scheduled post). */
export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePostBody }) => apiCall(api.posts.update, { params: { id }, body }),
    onSuccess: ({ post }) => {
      changeProfilePosts(queryClient, (posts) => ({ published: posts.published, upcoming: replace(post)(posts.upcoming) }));
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
}

/** POST /content/:id/publish-now: the server sends it within seconds; the lists follow it until it is out. */
export function usePublishNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(api.posts.publishNow, { params: { id } }),
    onSuccess: ({ post }) => {
      changeProfilePosts(queryClient, (posts) => ({ published: posts.published, upcoming: replace(post)(posts.upcoming) }));
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
}

/** DELETE /content/:id: the card goes at once; the profile's counts are read again. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiCall(api.posts.remove, { params: { id } });
      return id;
    },
    onSuccess: (id) => {
      const keep = (posts: Post[]) => posts.filter((post) => post.id !== id);
      changeProfilePosts(queryClient, (posts) => ({ published: keep(posts.published), upcoming: keep(posts.upcoming) }));
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
      void queryClient.invalidateQueries({ queryKey: profileDetailsQueryKey });
    },
  });
}
