import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { uploadSquare } from '../../../test/helpers/upload-media';

/** A post being created holds its already uploaded files: the hourly sweep cannot delete them under it. */
describe('holding files while a post is stored', () => {
  let t: TestApp;
  let ada: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    ada = await signUp(t);
  });
  afterAll(() => t.close());

  const uploaded = () => uploadSquare(t, ada, '#123456');
  const sweepAll = () => t.services.media.sweepUnreferenced(new Date(Date.now() + 86_400_000), 100);

  it('keeps a held file from the sweep until the transaction ends', async () => {
    const id = await uploaded();
    let swept = -1;
    await t.database.db.transaction(async (tx) => {
      await t.services.media.hold(tx, ada.userId, [id]);
      swept = await sweepAll();
    });
    expect(swept).toBe(0);
    expect(await sweepAll()).toBe(1);
  });

  it('refuses to hold a file deleted since it was chosen', async () => {
    const id = await uploaded();
    await sweepAll();
    await expect(t.database.db.transaction((tx) => t.services.media.hold(tx, ada.userId, [id]))).rejects.toThrow(
      'One of the attached files was deleted meanwhile. Attach it again.',
    );
  });
});
