import { useId, useState, type ComponentProps } from 'react';
import { Button } from '../../../../components/ui/button';
import { ComposerPreviews } from './composer-previews';

/**
 * Beside the editor, on request: the previews as the text is written (docs/decisions/150-composer-previews.md).
 * Closed by default, so writing stays the first thing on the step; Review shows them always.
 */
export function LivePreviews(props: Omit<ComponentProps<typeof ComposerPreviews>, 'title'>) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (props.platforms.length === 0) return null;
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
      <div id={panelId}>{open && <ComposerPreviews {...props} title="Preview as written" />}</div>
    </div>
  );
}
