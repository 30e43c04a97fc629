import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initials } from './avatar';

describe('Avatar: one rule for every identity', () => {
  it('draws the same initials on the same colour for the same name, whatever its size', () => {
    const { container } = render(
      <>
        <Avatar name="Grace Hopper" size="sm" />
        <Avatar name="Grace Hopper" size="lg" />
        <Avatar name="Grace Hopper" size="custom" className="size-24" />
      </>,
    );
    const drawn = [...container.querySelectorAll('[data-initials]')];
    expect(drawn.map((avatar) => avatar.textContent)).toEqual(['GH', 'GH', 'GH']);
    const colours = drawn.map((avatar) => [...avatar.classList].find((name) => name.startsWith('bg-')));
    expect(new Set(colours).size).toBe(1);
  });

  it('keeps a whole emoji, and calls a nameless identity U', () => {
    expect(initials('🦊 fox')).toBe('🦊F');
    expect(initials('  ')).toBe('U');
  });
});
