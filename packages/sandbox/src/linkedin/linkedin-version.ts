import type { SandboxContext } from '../context';
import { linkedInError, linkedInNonexistentVersion } from './linkedin-errors';

export interface LinkedInVersion {
  /** YYYYMM */
  month: string;
  /** YYYYMMDD, how LinkedIn echoes versions in errors (docs/networks.md, LinkedIn · Rest.li conventions). */
  echo: string;
}

function monthIndex(yyyymm: string): number {
  return Number(yyyymm.slice(0, 4)) * 12 + Number(yyyymm.slice(4, 6)) - 1;
}

/**
 * Monthly versions are "supported and stable for a minimum of one year" (docs/networks.md, LinkedIn · Rest.li conventions); observed sunsets
 * fall mid-month a year after release (202604 "stays active until 15 April 2027"), so by default
 * a version is active from its month until the 15th of the same month a year later.
 */
export function isActiveVersion(ctx: SandboxContext, month: string): boolean {
  const configured = ctx.options.linkedin.activeVersions;
  if (configured) return month >= configured.oldest && month <= configured.newest;
  const now = new Date(ctx.clock.now());
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const age = current - monthIndex(month);
  return age >= 0 && (age <= 11 || (age === 12 && now.getUTCDate() < 15));
}

export function checkLinkedInVersion(ctx: SandboxContext, header: string | string[] | undefined): LinkedInVersion {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) {
    // Not in LinkedIn's docs: LinkedIn's message for a missing header, as commonly reported.
    throw linkedInError(400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', {
      code: 'VERSION_MISSING',
    });
  }
  const match = /^(\d{4})(0[1-9]|1[0-2])(?:\.(\d{2}))?$/.exec(value.trim());
  if (!match) throw linkedInNonexistentVersion(value.trim());
  const month = `${match[1]}${match[2]}`;
  const echo = `${month}${match[3] ?? '01'}`;
  if (!isActiveVersion(ctx, month)) throw linkedInNonexistentVersion(echo);
  return { month, echo };
}
