import { api, proFeatureRequest } from '@postflow/contract/client';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** docs/product.md, Dashboard · Quick actions and PRO prompt: the PRO prompt sends POST /api/feedback/ {type: 'feature_request', title: 'Pro Feature Request: {feature}', content}. */
export function useProRequest() {
  return useMutation({
    mutationFn: (feature: string) => apiCall(api.feedback.send, { body: proFeatureRequest(feature) }),
  });
}
