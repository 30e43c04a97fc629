import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from '../../../components/ui/icons';
import { apiUrl } from '../../../lib/config';
import { pageNavigation } from '../../../lib/page-navigation';

/** docs/product.md, Sign-in · Screen: the 'Coming soon' tooltip stays 2 seconds. */
export const COMING_SOON_TOOLTIP_MS = 2000;

const socialButton = cx(buttonClasses({ variant: 'secondary', size: 'lg', fullWidth: true }), 'justify-start gap-3');

/** The networks' sign-in buttons: X and LinkedIn leave for the API's sign-in address; Facebook and Instagram are not there yet. */
export function SocialSignInButtons() {
  return (
    <div className="flex flex-col gap-3">
      <button type="button" className={socialButton} onClick={() => pageNavigation.assign(apiUrl('/auth/x'))}>
        <XIcon className="text-slate-900" />
        Continue with X (Twitter)
      </button>
      <button type="button" className={socialButton} onClick={() => pageNavigation.assign(apiUrl('/auth/linkedin'))}>
        <LinkedInIcon className="text-[#0a66c2]" />
        Continue with LinkedIn
      </button>
      <ComingSoonButton icon={<FacebookIcon className="text-[#0866ff]" />}>Continue with Facebook</ComingSoonButton>
      <ComingSoonButton icon={<InstagramIcon className="text-[#c13584]" />}>Continue with Instagram</ComingSoonButton>
    </div>
  );
}

/**
 * Looks disabled but stays clickable and focusable (`aria-disabled`, not `disabled`), so a click or a key
 * press can say why nothing happens.
 */
function ComingSoonButton({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  const tooltipId = useId();
  const [visible, setVisible] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  function showTooltip() {
    setVisible(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setVisible(false), COMING_SOON_TOOLTIP_MS);
  }

  return (
    <div className="relative">
      <button
        type="button"
        aria-disabled="true"
        aria-describedby={visible ? tooltipId : undefined}
        onClick={showTooltip}
        className={cx(socialButton, 'text-slate-500')}
      >
        <span className="opacity-60">{icon}</span>
        {children}
      </button>
      {visible && (
        <span
          role="tooltip"
          id={tooltipId}
          className="pointer-events-none absolute -top-9 left-1/2 z-10 -translate-x-1/2 rounded-md bg-slate-900 px-2.5 py-1 text-xs font-medium whitespace-nowrap text-white shadow"
        >
          Coming soon
        </span>
      )}
    </div>
  );
}
