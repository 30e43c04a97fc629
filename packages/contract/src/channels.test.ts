import { describe, expect, it } from 'vitest';
import { createPostRequestSchema, publishDataSchema } from './posts';

const one = '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c01';
const two = '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c02';
const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('choosing channels in the publish data (docs/product.md, Channels)', () => {
  it('takes channels without platforms, with each channel’s own text', () => {
    const parsed = publishDataSchema.parse({ enhancedContent: { x: 'Hello' }, channels: [one, two], perChannel: { [two]: 'Hi' } });
    expect(parsed).toMatchObject({ platforms: [], channels: [one, two], perChannel: { [two]: 'Hi' } });
    expect(createPostRequestSchema.parse({ text: 'Hello', channels: [one] })).toMatchObject({ platforms: [], channels: [one] });
  });

  it('keeps platforms alone working, and asks for one or the other', () => {
    expect(publishDataSchema.parse({ enhancedContent: { x: 'Hello' }, platforms: ['x'] })).toMatchObject({ channels: [], perChannel: {} });
    expect(issues(publishDataSchema.safeParse({ enhancedContent: {} }))).toEqual([['platforms', 'Please select at least one platform']]);
  });

  it('refuses a channel twice, an id that is not one, and a text for a channel not chosen, naming the field', () => {
    expect(issues(publishDataSchema.safeParse({ enhancedContent: {}, channels: [one, one] }))).toEqual([
      ['channels', 'Each channel can be chosen once'],
    ]);
    expect(issues(publishDataSchema.safeParse({ enhancedContent: {}, channels: ['x'] }))[0]?.[0]).toBe('channels.0');
    expect(issues(publishDataSchema.safeParse({ enhancedContent: {}, channels: [one], perChannel: { [two]: 'Hi' } }))).toEqual([
      [`perChannel.${two}`, 'This text is for a channel that is not chosen'],
    ]);
  });
});
