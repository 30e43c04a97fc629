import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useProRequest } from '../api/use-pro-request';
import type { ProFeature } from './quick-actions';

type Step = 'ask' | 'done' | 'failed';

/**
 * docs/product.md, Dashboard · Quick actions and PRO prompt: a PRO feature opens this prompt instead. Asking for it sends a feature request;
 * then one of its two answers.
 */
export function UpgradeDialog({ feature, onClose }: { feature: ProFeature | null; onClose: () => void }) {
  const request = useProRequest();
  const [step, setStep] = useState<Step>('ask');

  function close() {
    setStep('ask');
    request.reset();
    onClose();
  }

  function submit() {
    if (!feature) return;
    request.mutate(feature, {
      onSuccess: () => setStep('done'),
      onError: () => setStep('failed'),
    });
  }

  const ok = <Button onClick={close}>OK</Button>;
  return (
    <>
      <Dialog
        open={feature !== null && step === 'ask'}
        title={`${feature ?? ''} is a PRO feature`}
        description={`Upgrade to Pro to use ${feature ?? 'it'}. PRO is not available yet: ask for it and we will let you know as soon as it is.`}
        onClose={close}
        dismissible={!request.isPending}
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={request.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} busy={request.isPending} busyLabel="Sending...">
              Request Access
            </Button>
          </>
        }
      />
      <Dialog
        open={feature !== null && step === 'done'}
        title="Request Submitted"
        description="Thanks for your interest! We'll notify you about PRO features soon."
        onClose={close}
        actions={ok}
      />
      <Dialog
        open={feature !== null && step === 'failed'}
        title="Something went wrong"
        description="Could not submit your request. Please try again later."
        onClose={close}
        actions={ok}
      />
    </>
  );
}
