import { SwitchField } from '../../../../components/ui/switch-field';

/**
 * The original app called this an "AI-enhance toggle (default off)", but what it does when on is skip
 * the AI step (docs/product.md, Composer · Steps). It is labelled for what it does, so nobody turns it on hoping for AI (docs/decisions/050).
 */
export function SkipAiSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <SwitchField
      label="Post as written (skip AI tailoring)"
      hint={
        on
          ? 'On: your text goes to every network as written; the next step is the review.'
          : 'Off: AI adapts your text for each network on the next step.'
      }
      on={on}
      onChange={onChange}
    />
  );
}
