import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import type { SaverState } from '../draft-saver';

const WORDS = {
  idle: null,
  saving: 'Saving…',
  saved: 'Saved',
  retrying: 'Not saved — retrying',
} as const;

/**
 * Where the draft stands (docs/decisions/141-drafts.md): "Saving…", "Saved", "Not saved — retrying",
 * or the server's reason; after a save from another tab or device, the choice of which version to keep.
 */
export function DraftStatus({
  state,
  imageProblem,
  onShowNewer,
  onKeepMine,
}: {
  state: SaverState;
  imageProblem: string | null;
  onShowNewer: () => void;
  onKeepMine: () => void;
}) {
  if (state.status === 'conflict') {
    return (
      <Alert variant="warning" title="This draft changed in another tab or on another device">
        <p>Your latest changes here are not saved. Show the newer version, or keep yours and replace it.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={onShowNewer}>
            Show the newer version
          </Button>
          {state.newer && (
            <Button size="sm" variant="secondary" onClick={onKeepMine}>
              Keep my version
            </Button>
          )}
        </div>
      </Alert>
    );
  }
  const words = state.status === 'refused' ? `Not saved: ${state.problem ?? 'the server refused this draft.'}` : WORDS[state.status];
  return (
    <div className="flex min-h-5 flex-col gap-1 text-sm">
      {/* Announced politely, without the role the app's messages use: a screen has one status message at a time. */}
      <p aria-live="polite" className={state.status === 'saved' ? 'text-slate-500' : 'text-slate-700'}>
        {words}
      </p>
      {imageProblem && <p className="text-red-700">The image is not saved with the draft: {imageProblem}</p>}
    </div>
  );
}
