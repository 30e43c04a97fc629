import type { LinkedInOrganizations, Network } from '@postflow/contract';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { effectiveTarget, PERSONAL_TARGET } from '../components/linkedin-target-picker';
import { ComposerPreviews, type NetworkExtras } from './composer-previews';
import type { PreviewAttachments } from './preview-attachments';

/** The page the composer's LinkedIn target names; null for the person's own profile or a page no longer listed. */
function pageName(target: string, organizations: LinkedInOrganizations | undefined): string | null {
  const current = effectiveTarget(target, organizations);
  if (current === PERSONAL_TARGET) return null;
  return organizations?.organizations.find((organization) => organization.id === current)?.name ?? null;
}

/**
 * Beside the editor, on request: the previews as the text is written (docs/decisions/150-composer-previews.md).
 * Closed by default, so writing stays the first thing on the step; Review shows them always.
 */
export function LivePreviews({
  platforms,
  text,
  attachments,
  linkedIn,
  extras,
}: {
  platforms: readonly Network[];
  text: string;
  attachments: PreviewAttachments;
  linkedIn: { organizations: LinkedInOrganizations | undefined; target: string };
  /** X's thread and LinkedIn's first comment as written so far. */
  extras?: NetworkExtras;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (platforms.length === 0) return null;
  const texts = Object.fromEntries(platforms.map((network) => [network, text]));
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide preview' : 'Show preview'}
      </Button>
      <div id={panelId}>
        {open && (
          <ComposerPreviews
            platforms={platforms}
            texts={texts}
            attachments={attachments}
            linkedInPage={pageName(linkedIn.target, linkedIn.organizations)}
            title="Preview as written"
            extras={extras}
          />
        )}
      </div>
    </div>
  );
}
