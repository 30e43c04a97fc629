import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { publicBaseUrl } from '../public-url';
import type { LinkedInOrganization } from './linkedin-store';

/**
 * Page logos (docs/networks.md, LinkedIn · Page logos): an organisation's `logoV2` names a media asset, which the
 * Images API answers as `urn:li:image:` with the same id and a download URL. Every sandbox page has one, drawn
 * from its name, so logos work offline.
 */
const LOGO_ID = (organizationId: number) => `SANDBOXLOGO${organizationId}`;
/** Download URLs of LinkedIn's media expire; the sandbox's stay for a day, as its upload URLs do. */
const LOGO_URL_LIFETIME_MS = 24 * 3_600_000;

export function organizationLogo(organization: LinkedInOrganization) {
  const asset = `urn:li:digitalmediaAsset:${LOGO_ID(organization.id)}`;
  return { original: asset, cropped: asset, cropInfo: { x: 0, y: 0, width: 0, height: 0 } };
}

/** The organisation whose logo an image urn is, if it is one. */
export function logoOrganization(ctx: SandboxContext, urn: string): LinkedInOrganization | undefined {
  const id = /^urn:li:image:SANDBOXLOGO(\d+)$/.exec(urn)?.[1];
  return id === undefined ? undefined : ctx.state.linkedin.organizations.get(Number(id));
}

/** A logo as the Images API answers it. */
export function renderLogoImage(ctx: SandboxContext, request: FastifyRequest, organization: LinkedInOrganization) {
  return {
    id: `urn:li:image:${LOGO_ID(organization.id)}`,
    owner: `urn:li:organization:${organization.id}`,
    status: 'AVAILABLE',
    downloadUrl: `${publicBaseUrl(request)}/_sandbox/logos/linkedin/${organization.id}.svg`,
    downloadUrlExpiresAt: ctx.clock.now() + LOGO_URL_LIFETIME_MS,
  };
}
