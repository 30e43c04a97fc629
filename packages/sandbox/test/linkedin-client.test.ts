import { AuthClient, RestliClient } from 'linkedin-api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINKEDIN_CLIENT_ID, DEFAULT_LINKEDIN_CLIENT_SECRET } from '../src/index';
import { pointLinkedInClientAt, LINKEDIN_VERSION } from './helpers/linkedin';
import { consent, json, manualClock, postJson, startSandbox, type RunningSandbox } from './helpers/sandbox';

const REDIRECT = 'http://localhost:8080/auth/linkedin/callback';
const SCOPES = [
  'openid',
  'profile',
  'email',
  'w_member_social',
  'r_member_social',
  'w_organization_social',
  'r_organization_social',
  'rw_organization_admin',
];

interface AxiosLikeError {
  response?: { status: number; data: unknown; headers: Record<string, string> };
}

async function failure(promise: Promise<unknown>): Promise<{ status: number; data: unknown }> {
  try {
    await promise;
  } catch (error) {
    const response = (error as AxiosLikeError).response;
    if (response) return { status: response.status, data: response.data };
    throw error;
  }
  throw new Error('Expected the request to fail');
}

describe('linkedin-api-client against the sandbox (only the base URLs changed)', () => {
  const clock = manualClock();
  let running: RunningSandbox;
  const restli = new RestliClient();
  let accessToken = '';
  let personUrn = '';

  beforeAll(async () => {
    running = await startSandbox({ now: clock.now });
    pointLinkedInClientAt(running.url);
  });
  afterAll(async () => {
    await running.close();
  });

  it('exchanges an authorization code from the consent page', async () => {
    const auth = new AuthClient({
      clientId: DEFAULT_LINKEDIN_CLIENT_ID,
      clientSecret: DEFAULT_LINKEDIN_CLIENT_SECRET,
      redirectUrl: REDIRECT,
    });
    const url = auth.generateMemberAuthorizationUrl(SCOPES, 'state-123');
    expect(url.startsWith(`${running.url}/linkedin/oauth/v2/authorization?`)).toBe(true);
    const callback = await consent(url, { newPersona: 'Dana Admin' });
    expect(callback.searchParams.get('state')).toBe('state-123');

    const token = await auth.exchangeAuthCodeForAccessToken(callback.searchParams.get('code') ?? '');
    expect(token.expires_in).toBe(5_184_000);
    expect(token.scope.split(',').sort()).toEqual([...SCOPES].sort());
    expect(token.refresh_token).toBeUndefined();
    expect((token as unknown as { id_token?: string }).id_token?.split('.')).toHaveLength(3);
    accessToken = token.access_token;

    // The client's typings promise the body, but 0.3.0 resolves to the axios response.
    const introspection = (await auth.introspectAccessToken(accessToken)) as unknown as { data: unknown };
    expect(introspection.data).toMatchObject({ active: true, status: 'active', client_id: DEFAULT_LINKEDIN_CLIENT_ID, auth_type: '3L' });

    const userinfo = await restli.get({ resourcePath: '/userinfo', accessToken });
    expect(userinfo.data).toMatchObject({ name: 'Dana Admin', given_name: 'Dana', family_name: 'Admin', email_verified: true });
    personUrn = `urn:li:person:${(userinfo.data as { sub: string }).sub}`;
  });

  it('creates, reads, finds and deletes a post with RestliClient', async () => {
    const created = await restli.create({
      resourcePath: '/posts',
      entity: {
        author: personUrn,
        commentary: 'Hello LinkedIn sandbox #launch',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      },
      versionString: LINKEDIN_VERSION,
      accessToken,
    });
    expect(created.status).toBe(201);
    expect(created.data).toBe('');
    expect(created.createdEntityId).toMatch(/^urn:li:share:\d+$/);
    const urn = String(created.createdEntityId);

    const read = await restli.get({ resourcePath: '/posts/{id}', pathKeys: { id: urn }, versionString: LINKEDIN_VERSION, accessToken });
    expect(read.data).toMatchObject({
      id: urn,
      author: personUrn,
      commentary: 'Hello LinkedIn sandbox {hashtag|\\#|launch}',
      lifecycleState: 'PUBLISHED',
    });

    const found = await restli.finder({
      resourcePath: '/posts',
      finderName: 'author',
      queryParams: { author: personUrn, count: 10, sortBy: 'LAST_MODIFIED' },
      versionString: LINKEDIN_VERSION,
      accessToken,
    });
    expect((found.data as { elements: Array<{ id: string }> }).elements.map((post) => post.id)).toContain(urn);

    const duplicate = await failure(
      restli.create({
        resourcePath: '/posts',
        entity: {
          author: personUrn,
          commentary: 'Hello LinkedIn sandbox #launch',
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED' },
          lifecycleState: 'PUBLISHED',
        },
        versionString: LINKEDIN_VERSION,
        accessToken,
      }),
    );
    expect(duplicate).toEqual({ status: 422, data: { message: `Content is a duplicate of ${urn}`, status: 422 } });

    const deleted = await restli.delete({
      resourcePath: '/posts/{id}',
      pathKeys: { id: urn },
      versionString: LINKEDIN_VERSION,
      accessToken,
    });
    expect(deleted.status).toBe(204);
    const again = await restli.delete({ resourcePath: '/posts/{id}', pathKeys: { id: urn }, versionString: LINKEDIN_VERSION, accessToken });
    expect(again.status).toBe(204);
    expect(
      (await failure(restli.get({ resourcePath: '/posts/{id}', pathKeys: { id: urn }, versionString: LINKEDIN_VERSION, accessToken })))
        .status,
    ).toBe(404);
  });

  it('uploads an image (initializeUpload then PUT) and posts it', async () => {
    const init = await restli.action({
      resourcePath: '/images',
      actionName: 'initializeUpload',
      data: { initializeUploadRequest: { owner: personUrn } },
      versionString: LINKEDIN_VERSION,
      accessToken,
    });
    const value = (init.data as { value: { uploadUrl: string; image: string; uploadUrlExpiresAt: number } }).value;
    expect(value.image).toMatch(/^urn:li:image:/);
    expect(value.uploadUrl.startsWith(running.url)).toBe(true);

    const withoutToken = await fetch(value.uploadUrl, { method: 'PUT', body: Buffer.from('bytes') });
    expect(withoutToken.status).toBe(401);
    const upload = await fetch(value.uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/octet-stream' },
      body: Buffer.from('not really a jpeg'),
    });
    expect(upload.status).toBe(201);

    const created = await restli.create({
      resourcePath: '/posts',
      entity: {
        author: personUrn,
        commentary: 'Now with an image',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        content: { media: { id: value.image, altText: 'Screenshot' } },
        lifecycleState: 'PUBLISHED',
      },
      versionString: LINKEDIN_VERSION,
      accessToken,
    });
    expect(created.createdEntityId).toMatch(/^urn:li:share:/);
    const posts = await json<{ posts: Array<{ urn: string; content: unknown }> }>(await fetch(`${running.url}/_sandbox/linkedin/posts`));
    expect(posts.posts.find((post) => post.urn === created.createdEntityId)?.content).toEqual({
      media: { id: value.image, altText: 'Screenshot' },
    });
  });

  it('lists administered organizations and posts as one of them', async () => {
    const acls = await restli.finder({
      resourcePath: '/organizationAcls',
      finderName: 'roleAssignee',
      queryParams: { role: 'ADMINISTRATOR', state: 'APPROVED', start: 0, count: 100 },
      versionString: LINKEDIN_VERSION,
      accessToken,
    });
    const elements = (acls.data as { elements: Array<{ organization: string; roleAssignee: string; role: string }> }).elements;
    // The consent page promises: a new persona named with "admin" administers a page of its own.
    expect(elements).toHaveLength(1);
    expect(elements[0]).toMatchObject({ roleAssignee: personUrn, role: 'ADMINISTRATOR', state: 'APPROVED' });
    const organizationUrn = elements[0]?.organization ?? '';
    const organizationId = organizationUrn.split(':').pop() ?? '';

    const batch = await restli.batchGet({
      resourcePath: '/organizations',
      ids: [Number(organizationId)],
      versionString: LINKEDIN_VERSION,
      accessToken,
    });
    expect((batch.data as unknown as { results: Record<string, { localizedName: string }> }).results[organizationId]?.localizedName).toBe(
      'Dana Admin Company',
    );
    // docs/networks.md, LinkedIn · Page logos: logoV2 names a media asset; the Images API gives the same id's download URL.
    const logo = (batch.data as unknown as { results: Record<string, { logoV2: { cropped: string } }> }).results[organizationId]?.logoV2
      .cropped;
    const imageUrn = `urn:li:image:${logo?.split(':').pop() ?? ''}`;
    const images = await restli.batchGet({ resourcePath: '/images', ids: [imageUrn], versionString: LINKEDIN_VERSION, accessToken });
    const image = (images.data as unknown as { results: Record<string, { status: string; downloadUrl: string }> }).results[imageUrn];
    expect(image?.status).toBe('AVAILABLE');
    const drawn = await fetch(image?.downloadUrl ?? '');
    expect(drawn.headers.get('content-type')).toContain('image/svg+xml');
    expect(await drawn.text()).toContain('Dana Admin Company logo');

    const created = await restli.create({
      resourcePath: '/posts',
      entity: {
        author: organizationUrn,
        commentary: 'Company news',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      },
      versionString: LINKEDIN_VERSION,
      accessToken,
    });
    running.sandbox.clock.advance(3 * 86_400_000);
    const followers = await restli.get({
      resourcePath: '/networkSizes/{urn}',
      pathKeys: { urn: organizationUrn },
      queryParams: { edgeType: 'COMPANY_FOLLOWED_BY_MEMBER' },
      versionString: LINKEDIN_VERSION,
      accessToken,
    });
    expect((followers.data as { firstDegreeSize: number }).firstDegreeSize).toBeGreaterThan(0);
    const stats = await restli.finder({
      resourcePath: '/organizationalEntityShareStatistics',
      finderName: 'organizationalEntity',
      queryParams: { organizationalEntity: organizationUrn, shares: [String(created.createdEntityId)] },
      versionString: LINKEDIN_VERSION,
      accessToken,
    });
    const element = (stats.data as { elements: Array<{ share: string; totalShareStatistics: Record<string, number> }> }).elements[0];
    expect(element?.share).toBe(created.createdEntityId);
    const total = element?.totalShareStatistics ?? {};
    expect(total.impressionCount).toBeGreaterThan(0);
    expect(total.engagement).toBeCloseTo(
      ((total.clickCount ?? 0) + (total.likeCount ?? 0) + (total.commentCount ?? 0) + (total.shareCount ?? 0)) /
        (total.impressionCount ?? 1),
      10,
    );
  });

  it('refuses a member posting as an organization it does not administer', async () => {
    const other = await json<{ access_token: string }>(await postJson(`${running.url}/_sandbox/linkedin/tokens`, { name: 'Erin Member' }));
    const acme = await json<{ personas: Array<{ name: string; organizations: Array<{ urn: string }> }> }>(
      await fetch(`${running.url}/_sandbox/linkedin/personas`),
    );
    const organizationUrn = acme.personas.find((persona) => persona.name === 'Alice Admin')?.organizations[0]?.urn ?? '';
    const refused = await failure(
      restli.create({
        resourcePath: '/posts',
        entity: {
          author: organizationUrn,
          commentary: 'Not mine',
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED' },
          lifecycleState: 'PUBLISHED',
        },
        versionString: LINKEDIN_VERSION,
        accessToken: other.access_token,
      }),
    );
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ code: 'ACCESS_DENIED', serviceErrorCode: 100 });
  });
});
