import { describe, expect, it } from 'vitest';
import '../../src/no-eval';
import { z } from 'zod';
import { config } from 'zod/v4/core';

describe('src/no-eval', () => {
  it('switches zod to parsing without compiled parsers, without importing zod itself', async () => {
    expect(config().jitless).toBe(true);
    const source = await import('../../src/no-eval?raw').then((module) => module.default as string);
    expect(source).not.toMatch(/from ['"]zod/);
  });

  it('leaves schemas parsing as before', () => {
    const schema = z.object({ id: z.number().int(), name: z.string() });
    expect(schema.parse({ id: 1, name: 'a' })).toEqual({ id: 1, name: 'a' });
    expect(schema.safeParse({ id: 'x', name: 'a' }).success).toBe(false);
  });
});
