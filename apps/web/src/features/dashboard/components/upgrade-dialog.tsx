import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toast';
import { useProRequest } from '../api/use-pro-request';
import type { ProFeature } from './quick-actions';

/**
 * docs/product.md, Dashboard · Quick actions and PRO prompt: a PRO feature opens this prompt instead. Asking for it sends a feature request;
 * its answer is a message, not a second dialog to dismiss (decision 122).
 */
export function UpgradeDialog({ feature, onClose }: { feature: ProFeature | null; onClose: () => void }) {
  const request = useProRequest();
  const toast = useToast();

  function close() {
    request.reset();
    onClose();
  }

  function submit() {
    if (!feature) return;
    request.mutate(feature, {
      onSuccess: () => {
        close();
        toast({
          variant: 'success',
          title: 'Request Submitted',
          message: "Thanks for your interest! We'll notify you about PRO features soon.",
        });
      },
      onError: () => {
        close();
        toast({ variant: 'error', title: 'Something went wrong', message: 'Could not submit your request. Please try again later.' });
      },
    });
  }

  return (
    <>
      <Dialog
        open={feature !== null}
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
    </>
  );
}
